/** The photo every new account starts with; avatars show initials instead, which read better. */
export const PLACEHOLDER_PHOTO = '/default-avatar.svg';

/** Soft, readable colour pairs; a name always gets the same one. */
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

/** "Weekend hikers" -> "WH", "alice" -> "A". */
export function initials(name: string): string {
  const [first = '?', second = ''] = name
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  const letter = (word: string) => Array.from(word)[0] ?? '';
  return (letter(first) + letter(second)).toUpperCase();
}

export function paletteFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palettes[hash % palettes.length] ?? 'bg-slate-100 text-slate-600';
}
