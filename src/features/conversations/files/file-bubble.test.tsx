import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../../testing';
import { renderWithConversation } from '../../../testing/render-with-conversation';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { Composer } from '../composer/Composer';
import { sendAcked, sendStarted } from '../sending';
import { conversationOpened } from '../timeline/conversations-slice';
import { FileBubble } from './file-bubble';

const descriptor = { name: 'Trip plan.pdf', type: 'application/pdf', size: 300_000, chunks: 2 };
const message: ConversationMessage = {
  id: '-Nfile',
  text: '📎 Trip plan.pdf',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Me',
  createdAt: 1,
  sealed: 'open',
  file: { id: '-Nfile', kind: 'file', sender: 'bo', stored: 's2.x', descriptor },
};

afterEach(() => vi.unstubAllGlobals());

describe('FileBubble', () => {
  it('shows the name, size and type; a click downloads it under its name', async () => {
    const gateways = createFakeGateways();
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    gateways.chatFiles.download.mockResolvedValue(blob);
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn(() => 'blob:x'),
      revokeObjectURL: vi.fn(),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { store } = renderWithProviders(
      <FileBubble message={message} descriptor={descriptor} light={false} />,
      { gateways },
    );
    void act(() => store.dispatch(conversationOpened('rel-1')));
    expect(screen.getByText('Trip plan.pdf')).toBeInTheDocument();
    expect(screen.getByText('293 KB · PDF document')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Open Trip plan.pdf in a new tab' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download Trip plan.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['Trip plan.pdf']));
    expect(gateways.chatFiles.download).toHaveBeenCalledWith(
      'd:rel-1',
      message.file,
      true,
      expect.any(Function),
    );
  });

  it('shows my upload’s progress with Cancel, which cancels it', () => {
    const gateways = createFakeGateways();
    gateways.chatFiles.watchUpload.mockImplementation((_id, listener) => {
      listener(150_000, 300_000);
      return () => undefined;
    });
    renderWithProviders(<FileBubble message={message} descriptor={descriptor} light />, {
      gateways,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 50%');
    expect(screen.queryByRole('button', { name: 'Download Trip plan.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of Trip plan.pdf' }));
    expect(gateways.chatFiles.cancelUpload).toHaveBeenCalledWith('-Nfile');
  });

  it('offers no download while my file is not on the server, even before its upload resumes', () => {
    const { store } = renderWithProviders(
      <FileBubble message={message} descriptor={descriptor} light />,
      { gateways: createFakeGateways() },
    );
    const download = () => screen.queryByRole('button', { name: 'Download Trip plan.pdf' });
    expect(download()).not.toBeNull();
    act(() => {
      store.dispatch(sendStarted({ id: '-Nfile', key: 'd:rel-1', text: 'x', upload: true }));
    });
    expect(download()).toBeNull();
    act(() => {
      store.dispatch(sendAcked('-Nfile'));
    });
    expect(download()).not.toBeNull();
  });

  it('says so when the file cannot be read', async () => {
    const gateways = createFakeGateways();
    gateways.chatFiles.download.mockRejectedValue(new Error('unreadable'));
    const { store } = renderWithProviders(
      <FileBubble message={message} descriptor={descriptor} light={false} />,
      { gateways },
    );
    void act(() => store.dispatch(conversationOpened('rel-1')));
    fireEvent.click(screen.getByRole('button', { name: 'Download Trip plan.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file could not be opened.');
  });
});

describe('Composer files', () => {
  it('sends a file that is not a photo as a file, from the attach button', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record voice message' })).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(actions.some((a) => a.type === 'conversations/sendFile/pending')).toBe(true),
    );
    expect(actions.some((a) => a.type === 'conversations/sendImage/pending')).toBe(false);
  });

  it('refuses a file over 25 MB with its reason, sending nothing', () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    const file = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'big.bin');
    fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files: [file] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That file is larger than 25 MB. Send a smaller one.',
    );
    expect(actions.some((a) => a.type === 'conversations/sendFile/pending')).toBe(false);
  });

  it('sends a pasted PDF as a file', async () => {
    const { actions } = renderWithConversation(<Composer disabled={false} />);
    const file = new File(['%PDF'], 'pasted.pdf', { type: 'application/pdf' });
    fireEvent.paste(screen.getByRole('textbox'), { clipboardData: { files: [file] } });
    await waitFor(() =>
      expect(actions.some((a) => a.type === 'conversations/sendFile/pending')).toBe(true),
    );
  });
});
