import { useState } from 'react';

type Size = 'sm' | 'md' | 'lg';

interface Props {
  /** The photo URL; empty, the default placeholder or a broken image show initials. */
  src?: string | undefined;
  name: string;
  size?: Size;
  className?: string;
}

const sizes: Record<Size, string> = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-12 w-12 text-base',
  lg: 'h-14 w-14 text-lg',
};

/** Soft, readable pairs; a name always gets the same one. */
const palettes = [
  'bg-violet-100 text-violet-700',
  'bg-sky-100 text-sky-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-700',
  'bg-rose-100 text-rose-700',
  'bg-indigo-100 text-indigo-700',
  'bg-teal-100 text-teal-700',
  'bg-fuchsia-100 text-fuchsia-700',
];

export const PLACEHOLDER_PHOTO = '/default-avatar.svg';

export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  const letters =
    words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

function paletteFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palettes[hash % palettes.length]!;
}

/** A round picture of a person or group, falling back to coloured initials. */
export function Avatar({ src, name, size = 'md', className = '' }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  const usable = src && src !== PLACEHOLDER_PHOTO && broken !== src;
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-white ${sizes[size]} ${className}`;
  if (usable) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setBroken(src)}
        className={`${base} bg-slate-100 object-cover`}
      />
    );
  }
  return (
    <span aria-hidden className={`${base} font-semibold ${paletteFor(name)}`}>
      {initials(name)}
    </span>
  );
}
