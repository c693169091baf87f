import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VoiceRecorder from './voice-recorder';

/** Installs `getUserMedia` (and a MediaRecorder) as this browser would have them. */
function microphone(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.stubGlobal('MediaRecorder', function MediaRecorder() {
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('VoiceRecorder', () => {
  it('says to allow the microphone while the browser asks', () => {
    microphone(() => new Promise<MediaStream>(() => undefined));
    render(<VoiceRecorder onSend={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Allow the microphone');
  });

  it('explains a refused permission, and Cancel or Escape closes it', async () => {
    microphone(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    const onClose = vi.fn();
    render(<VoiceRecorder onSend={vi.fn()} onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The microphone is blocked');
    const cancel = screen.getByRole('button', { name: 'Discard voice message' });
    expect(cancel).toHaveFocus();
    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('says when there is no microphone', async () => {
    microphone(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    render(<VoiceRecorder onSend={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone was found');
  });

  it('says when the browser cannot record at all', async () => {
    render(<VoiceRecorder onSend={vi.fn()} onClose={vi.fn()} />);
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert')).toHaveTextContent('This browser cannot record audio.');
  });
});
