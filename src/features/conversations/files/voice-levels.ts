/** The waveform of a recording: its loudness samples folded into a fixed number of bars. */

/** `samples` (RMS, 0–1, one per tick) as `bars` values of 0–100, the loudest at 100. */
export function waveformOf(samples: readonly number[], bars: number): number[] {
  if (samples.length === 0) return [];
  const count = Math.min(bars, samples.length);
  const out: number[] = [];
  for (let bar = 0; bar < count; bar += 1) {
    const from = Math.floor((bar * samples.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * samples.length) / count));
    let peak = 0;
    for (let i = from; i < to; i += 1) peak = Math.max(peak, samples[i] ?? 0);
    out.push(peak);
  }
  const loudest = Math.max(...out);
  return out.map((level) => (loudest > 0 ? Math.round((level / loudest) * 100) : 0));
}

/** The RMS loudness (0–1) of one analyser frame of time-domain bytes (128 is silence). */
export function rmsOf(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const byte of frame) {
    const centred = (byte - 128) / 128;
    sum += centred * centred;
  }
  return Math.sqrt(sum / frame.length);
}

/** The first recording format this browser's MediaRecorder writes: Opus where it can. */
export function recordingType(supports: (type: string) => boolean): string {
  const types = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
  return types.find(supports) ?? '';
}
