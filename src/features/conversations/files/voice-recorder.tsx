import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { VOICE_LEVELS, VOICE_MAX_MS } from '../../../lib/firebase/conversations/shapes';
import { formatDuration } from './file-format';
import { filesStrings } from './files-strings';
import { MicIcon, SendFileIcon, StopIcon, TrashIcon } from './file-icons';
import { VoicePlayer } from './voice-player';
import { recordingType, rmsOf, waveformOf } from './voice-levels';

/** The warning before the five-minute limit (4:30). */
const WARN_AT_MS = VOICE_MAX_MS - 30_000;
/** About 24–32 kbit/s of Opus: clear speech, ~1 MB for five minutes. */
const BITS_PER_SECOND = 28_000;
/** Shorter than this is a slip of the finger, not a message. */
const SHORTEST_MS = 500;
const SAMPLE_MS = 50;

export interface Recording {
  blob: Blob;
  durationMs: number;
  levels: number[];
}

type State =
  | { step: 'asking' }
  | { step: 'recording'; elapsed: number; level: number }
  | { step: 'preview'; recording: Recording }
  | { step: 'error'; message: string };

function problemOf(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return filesStrings.voice.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return filesStrings.voice.noMicrophone;
  return filesStrings.voice.failed;
}

/**
 * Records a voice message in place of the composer's field: the elapsed time and a live level
 * while recording (a warning at 4:30, a stop at 5:00), then a preview that plays before 'Send'.
 * 'Cancel' or Escape discards it at any step. The browser's permission prompt, a refusal and a
 * missing microphone each say so, with a way out.
 */
export default function VoiceRecorder({
  onSend,
  onClose,
}: {
  onSend: (recording: Recording) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ step: 'asking' });
  const stopRef = useRef<() => void>(() => undefined);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let ended = false;
    let stream: MediaStream | null = null;
    let context: AudioContext | null = null;
    let timer = 0;
    const release = () => {
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
      void context?.close().catch(() => undefined);
    };
    async function start() {
      if (!('mediaDevices' in navigator) || typeof MediaRecorder === 'undefined') {
        setState({ step: 'error', message: filesStrings.voice.unsupported });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
        });
      } catch (error) {
        if (!ended) setState({ step: 'error', message: problemOf(error) });
        return;
      }
      if (ended) {
        release();
        return;
      }
      const mimeType = recordingType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: BITS_PER_SECOND,
      });
      context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
      const frame = new Uint8Array(analyser.fftSize);
      const samples: number[] = [];
      const parts: Blob[] = [];
      const startedAt = performance.now();
      let stoppedAt = startedAt;
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) parts.push(event.data);
      });
      recorder.addEventListener('stop', () => {
        release();
        if (ended) return;
        const durationMs = Math.round(stoppedAt - startedAt);
        const blob = new Blob(parts, { type: recorder.mimeType || mimeType || 'audio/webm' });
        setState({
          step: 'preview',
          recording: { blob, durationMs, levels: waveformOf(samples, VOICE_LEVELS) },
        });
      });
      stopRef.current = () => {
        if (recorder.state === 'inactive') return;
        stoppedAt = performance.now();
        recorder.stop();
      };
      recorder.start(1000);
      timer = window.setInterval(() => {
        analyser.getByteTimeDomainData(frame);
        const level = rmsOf(frame);
        samples.push(level);
        const elapsed = performance.now() - startedAt;
        if (elapsed >= VOICE_MAX_MS) stopRef.current();
        else setState({ step: 'recording', elapsed, level });
      }, SAMPLE_MS);
      setState({ step: 'recording', elapsed: 0, level: 0 });
    }
    void start();
    return () => {
      ended = true;
      stopRef.current();
      release();
    };
  }, []);

  // Focus follows the step: Stop while recording, Send on the preview, the way out on an error.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [state.step]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const button =
    'inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100';
  const cancel = (
    <button
      type="button"
      aria-label={filesStrings.voice.cancelLabel}
      onClick={onClose}
      data-autofocus={state.step === 'error' || state.step === 'asking' ? true : undefined}
      className={`${button} text-slate-600 hover:bg-slate-200`}
    >
      <TrashIcon className="h-4 w-4" />
      {filesStrings.voice.cancel}
    </button>
  );
  return (
    <div
      ref={panel}
      role="group"
      aria-label={filesStrings.voice.recording}
      onKeyDown={onKeyDown}
      className="flex min-h-[52px] flex-1 flex-wrap items-center gap-2 rounded-3xl bg-slate-100 px-3 py-1.5"
    >
      {state.step === 'asking' ? (
        <p role="status" className="flex flex-1 items-center gap-2 px-2 text-sm text-slate-600">
          <MicIcon className="h-4 w-4 shrink-0" />
          {filesStrings.voice.asking}
        </p>
      ) : null}
      {state.step === 'error' ? (
        <p role="alert" className="flex-1 px-2 text-sm font-medium text-red-600">
          {state.message}
        </p>
      ) : null}
      {state.step === 'recording' ? (
        <>
          <span
            aria-hidden
            className="h-2.5 w-2.5 shrink-0 animate-pulse rounded-full bg-red-500"
          />
          <span className="text-sm font-semibold tabular-nums text-slate-800">
            <span className="sr-only">{filesStrings.voice.elapsed} </span>
            <span role="timer" aria-live="off">
              {formatDuration(state.elapsed)}
            </span>
          </span>
          <meter
            aria-label={filesStrings.voice.level}
            min={0}
            max={1}
            value={Math.min(1, state.level * 3)}
            className="h-2 w-20 min-w-0 flex-1 sm:w-32 sm:flex-none"
          />
          {state.elapsed >= WARN_AT_MS ? (
            <span role="status" className="text-xs font-medium text-amber-700">
              {filesStrings.voice.limitSoon}
            </span>
          ) : null}
          <span className="flex-1" />
          {cancel}
          <button
            type="button"
            data-autofocus
            onClick={() => stopRef.current()}
            className={`${button} bg-slate-800 text-white hover:bg-slate-700`}
          >
            <StopIcon className="h-3.5 w-3.5" />
            {filesStrings.voice.stop}
          </button>
        </>
      ) : null}
      {state.step === 'preview' ? (
        <>
          <div className="min-w-0 flex-1" aria-label={filesStrings.voice.preview} role="group">
            <VoicePlayer
              durationMs={state.recording.durationMs}
              levels={state.recording.levels}
              load={() => Promise.resolve(state.recording.blob)}
            />
          </div>
          {cancel}
          <button
            type="button"
            data-autofocus
            aria-label={filesStrings.voice.sendLabel}
            disabled={state.recording.durationMs < SHORTEST_MS}
            title={
              state.recording.durationMs < SHORTEST_MS ? filesStrings.voice.tooShort : undefined
            }
            onClick={() => onSend(state.recording)}
            className={`${button} bg-brand-500 text-white hover:bg-brand-600 disabled:opacity-50`}
          >
            <SendFileIcon className="h-4 w-4" />
            {filesStrings.voice.send}
          </button>
        </>
      ) : null}
      {state.step === 'asking' || state.step === 'error' ? cancel : null}
    </div>
  );
}
