import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatDuration } from './file-format';
import { filesStrings } from './files-strings';
import { PauseIcon, PlayIcon } from './file-icons';
import { takeTurn } from './voice-playback';
import { Waveform } from './voice-waveform';

const RATES = [1, 1.5, 2] as const;
/** The seek step of an arrow key (ms); Page Up/Down jump four of them. */
const STEP_MS = 2000;

export interface VoicePlayerProps {
  durationMs: number;
  /** The waveform's bars (0–100), measured while recording. */
  levels: readonly number[];
  /** The recording's bytes, read on the first play. */
  load: () => Promise<Blob>;
  /** On my own (brand-coloured) bubble. */
  light?: boolean;
  unplayed?: boolean;
  onPlayed?: () => void;
  tabIndex?: number;
}

/**
 * A voice message's player: Play/Pause, the waveform as a slider (a click or the arrow keys
 * seek; Home and End go to either end), the time, and the speed (1×, 1.5×, 2×). The bytes are
 * read on the first play; the waveform comes from the levels recorded with it.
 */
export function VoicePlayer({
  durationMs,
  levels,
  load,
  light = false,
  unplayed = false,
  onPlayed,
  tabIndex,
}: VoicePlayerProps) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [position, setPosition] = useState(0);
  const [rate, setRate] = useState<(typeof RATES)[number]>(1);
  /** The audio's own length once the browser knows it (a recording's file often says none). */
  const [mediaMs, setMediaMs] = useState<number | null>(null);
  const durationId = useId();
  const total = Math.max(durationMs, 1);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (url.current) URL.revokeObjectURL(url.current);
    },
    [],
  );

  /** Follows the playing audio each frame (timeupdate alone moves in steps of ~250 ms). */
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function tick() {
      const current = audio.current;
      if (current) setPosition(Math.min(total, current.currentTime * 1000));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, total]);

  async function element(): Promise<HTMLAudioElement> {
    if (audio.current) return audio.current;
    const blob = await load();
    url.current = URL.createObjectURL(blob);
    const made = new Audio(url.current);
    made.preload = 'auto';
    made.addEventListener('play', () => setPlaying(true));
    made.addEventListener('pause', () => setPlaying(false));
    const noteLength = () => {
      if (Number.isFinite(made.duration)) setMediaMs(Math.round(made.duration * 1000));
    };
    made.addEventListener('durationchange', noteLength);
    made.addEventListener('ended', () => {
      noteLength();
      setPlaying(false);
      setPosition(0);
      made.currentTime = 0;
    });
    audio.current = made;
    return made;
  }

  async function toggle() {
    if (playing) {
      audio.current?.pause();
      return;
    }
    setLoading(true);
    setFailed(false);
    try {
      const current = await element();
      current.playbackRate = rate;
      if (position >= total) setPosition(0);
      current.currentTime = position >= total ? 0 : position / 1000;
      takeTurn(current);
      await current.play();
      onPlayed?.();
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  function seek(ms: number) {
    const to = Math.min(total, Math.max(0, ms));
    setPosition(to);
    if (audio.current) audio.current.currentTime = to / 1000;
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Partial<Record<string, number>> = {
      ArrowRight: position + STEP_MS,
      ArrowUp: position + STEP_MS,
      ArrowLeft: position - STEP_MS,
      ArrowDown: position - STEP_MS,
      PageUp: position + 4 * STEP_MS,
      PageDown: position - 4 * STEP_MS,
      Home: 0,
      End: total,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    seek(to);
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - box.left) / box.width) * total);
  }

  function nextRate() {
    const next = RATES[(RATES.indexOf(rate) + 1) % RATES.length];
    setRate(next);
    if (audio.current) audio.current.playbackRate = next;
  }

  const done = position / total;
  const bars = levels.length > 0 ? levels : Array.from({ length: 32 }, () => 20);
  const tone = light
    ? {
        button: 'bg-white text-brand-600',
        on: 'text-white',
        off: 'text-white/40',
        text: 'text-brand-50',
      }
    : {
        button: 'bg-brand-500 text-white',
        on: 'text-brand-500',
        off: 'text-slate-300',
        text: 'text-slate-600',
      };
  return (
    <div
      className="flex min-w-0 items-center gap-2.5 py-0.5"
      data-voice-player
      data-media-ms={mediaMs ?? undefined}
    >
      <button
        type="button"
        tabIndex={tabIndex}
        aria-label={playing ? filesStrings.voice.pause : filesStrings.voice.play}
        aria-describedby={durationId}
        aria-busy={loading || undefined}
        onClick={() => void toggle()}
        className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full shadow-xs focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-200 ${tone.button}`}
      >
        {playing ? (
          <PauseIcon className="h-4 w-4" />
        ) : (
          <PlayIcon className="h-4 w-4 translate-x-px" />
        )}
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div
          role="slider"
          tabIndex={tabIndex ?? 0}
          aria-label={filesStrings.voice.seek}
          aria-valuemin={0}
          aria-valuemax={Math.round(total / 1000)}
          aria-valuenow={Math.round(position / 1000)}
          aria-valuetext={`${formatDuration(position)} / ${formatDuration(durationMs)}`}
          onKeyDown={onKeyDown}
          onClick={onClick}
          className="h-8 w-40 cursor-pointer rounded-sm focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-200 sm:w-48"
        >
          <Waveform levels={bars} done={done} on={tone.on} off={tone.off} />
        </div>
        <div className={`flex items-center gap-2 text-[11px] tabular-nums ${tone.text}`}>
          <span
            id={durationId}
            data-voice-duration
            className={playing || position > 0 ? 'sr-only' : undefined}
          >
            {formatDuration(durationMs)}
          </span>
          {playing || position > 0 ? (
            <span aria-hidden>
              {formatDuration(position)} / {formatDuration(durationMs)}
            </span>
          ) : null}
          {unplayed ? (
            <span className="inline-flex items-center gap-1">
              <span aria-hidden className="h-2 w-2 rounded-full bg-sky-500" />
              <span className="sr-only">{filesStrings.voice.unplayed}</span>
            </span>
          ) : null}
          {failed ? <span role="alert">{filesStrings.voice.unreadable}</span> : null}
        </div>
      </div>
      <button
        type="button"
        tabIndex={tabIndex}
        aria-label={filesStrings.voice.speed(String(rate))}
        onClick={nextRate}
        className={`shrink-0 rounded-full px-2 py-1 text-xs font-semibold tabular-nums focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-200 ${light ? 'bg-black/15 text-white' : 'bg-slate-200 text-slate-700'}`}
      >
        {rate}×
      </button>
    </div>
  );
}
