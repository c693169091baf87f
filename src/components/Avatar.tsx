import { useState } from 'react';
import { initials, paletteFor, PLACEHOLDER_PHOTO } from './avatar-initials';

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
