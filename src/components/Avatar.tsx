import { useRef, useState } from 'react';
import { isAllowedPhoto } from '../lib/firebase/profiles/shapes';
import { initials, paletteFor, PLACEHOLDER_PHOTO } from './avatar-initials';
import { usePhotoSrc } from './picture-resolver';

type Size = 'sm' | 'md' | 'lg';

interface Props {
  /**
   * The photo: a URL or a `picture:` reference (loaded when the avatar comes into view).
   * Empty, the default placeholder, a picture still loading or a broken image show initials;
   * so does a URL the rules would not take today (from older data): it is never fetched.
   */
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
  const placeholder = useRef<HTMLSpanElement>(null);
  const safe = src && (isAllowedPhoto(src) || src.startsWith('data:image/')) ? src : undefined;
  const shown = usePhotoSrc(safe, placeholder);
  const usable = shown && shown !== PLACEHOLDER_PHOTO && broken !== shown;
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-white ${sizes[size]} ${className}`;
  if (usable) {
    return (
      <img
        src={shown}
        alt=""
        loading="lazy"
        onError={() => setBroken(shown)}
        className={`${base} bg-slate-100 object-cover`}
      />
    );
  }
  return (
    <span ref={placeholder} aria-hidden className={`${base} font-semibold ${paletteFor(name)}`}>
      {initials(name)}
    </span>
  );
}
