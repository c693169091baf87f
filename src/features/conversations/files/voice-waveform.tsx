import { useId } from 'react';

/**
 * The bars as one path, drawn twice: played in full colour up to `done`, the rest faded. Two
 * paths in one SVG, whatever the bar count, so a list of voice messages stays light to scroll.
 */
export function Waveform({
  levels,
  done,
  on,
  off,
}: {
  levels: readonly number[];
  done: number;
  on: string;
  off: string;
}) {
  const width = levels.length * 3;
  const d = levels
    .map((level, i) => {
      const height = Math.max(3, (Math.min(100, level) / 100) * 28);
      return `M${String(i * 3 + 1)} ${String(16 - height / 2)}v${String(height)}`;
    })
    .join('');
  const clip = useId();
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${String(width)} 32`}
      preserveAspectRatio="none"
      className="h-full w-full"
    >
      <path d={d} className={off} stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
      <clipPath id={clip}>
        <rect width={done * width} height={32} />
      </clipPath>
      <path
        d={d}
        className={on}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        clipPath={`url(#${clip})`}
      />
    </svg>
  );
}
