import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../../testing';
import { Composer } from '../composer/Composer';
import { conversationOpened } from '../timeline/conversations-slice';
import { renderWithConversation } from '../../../testing/render-with-conversation';
import { ImageBubble } from './image-bubble';

const THUMB = 'data:image/webp;base64,UklGRg==';

describe('ImageBubble', () => {
  it("reads only the thumbnail, shown at the photo's aspect ratio with its caption as alt", async () => {
    const gateways = createFakeGateways();
    gateways.chatImages.readThumb.mockResolvedValue(THUMB);
    const image = { id: '-Nimg', width: 1600, height: 1200, caption: 'Beach', sender: 'bo' };
    const { store } = renderWithProviders(<ImageBubble image={image} mine={false} />, { gateways });
    store.dispatch(conversationOpened('rel-1'));
    const img = await screen.findByRole('img', { name: 'Beach' });
    expect(img).toHaveAttribute('src', THUMB);
    expect(gateways.chatImages.readThumb).toHaveBeenCalledWith('d:rel-1', '-Nimg', 'bo');
    expect(gateways.chatImages.readFull).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Open photo: Beach' });
    expect(button.style.aspectRatio).toBe('1600 / 1200');
    expect(button.style.width).toBe('240px');
  });
});

describe('Composer photos', () => {
  it('refuses a file that is not an image with its reason, and sends nothing', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    const input = screen.getByTestId('chat-image-input');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('That file is not an image.'),
    );
    expect(actions.some((a) => a.type === 'conversations/sendImage/fulfilled')).toBe(false);
    expect(actions.some((a) => a.type === 'conversations/sendImage/rejected')).toBe(true);
  });

  it('refuses an empty image file', async () => {
    renderWithConversation(<Composer disabled={false} />);
    const file = new File([], 'empty.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('chat-image-input'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That file is empty.'));
  });
});
