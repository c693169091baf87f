import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoicePlayer } from './voice-player';

const levels = Array.from({ length: 48 }, (_, i) => i * 2);

describe('VoicePlayer', () => {
  it('shows the duration, the waveform as a slider, and the unplayed dot; reads nothing yet', () => {
    const load = vi.fn(() => Promise.resolve(new Blob()));
    render(<VoicePlayer durationMs={12_400} levels={levels} load={load} unplayed />);
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAccessibleDescription('0:12');
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    expect(slider).toHaveAttribute('aria-valuemax', '12');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 / 0:12');
    expect(screen.getByText('Not played yet')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('seeks with the arrow keys, Home and End, and by a click on the waveform', () => {
    render(<VoicePlayer durationMs={10_000} levels={levels} load={vi.fn()} />);
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '2');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    slider.getBoundingClientRect = () => ({ left: 0, width: 200 }) as DOMRect;
    fireEvent.click(slider, { clientX: 50 });
    expect(slider).toHaveAttribute('aria-valuetext', '0:02 / 0:10');
  });

  it('steps the speed through 1×, 1.5× and 2×', () => {
    render(<VoicePlayer durationMs={10_000} levels={levels} load={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 1×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 1.5×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 2×' }));
    expect(screen.getByRole('button', { name: 'Playback speed 1×' })).toBeInTheDocument();
  });

  it('says so when the recording cannot be read', async () => {
    const load = vi.fn(() => Promise.reject(new Error('gone')));
    render(<VoicePlayer durationMs={10_000} levels={levels} load={load} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This voice message could not be played.',
    );
  });

  it('starting one voice message pauses the one that plays', async () => {
    // jsdom plays nothing: play and pause only say so, as a browser's media element does.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('pause'));
    });
    vi.stubGlobal('URL', { ...URL, createObjectURL: () => 'blob:voice', revokeObjectURL: vi.fn() });
    const load = () => Promise.resolve(new Blob(['a']));
    render(
      <>
        <div data-testid="first">
          <VoicePlayer durationMs={5000} levels={levels} load={load} />
        </div>
        <div data-testid="second">
          <VoicePlayer durationMs={5000} levels={levels} load={load} />
        </div>
      </>,
    );
    const first = within(screen.getByTestId('first'));
    const second = within(screen.getByTestId('second'));
    fireEvent.click(first.getByRole('button', { name: 'Play' }));
    await first.findByRole('button', { name: 'Pause' });
    fireEvent.click(second.getByRole('button', { name: 'Play' }));
    await second.findByRole('button', { name: 'Pause' });
    expect(first.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
