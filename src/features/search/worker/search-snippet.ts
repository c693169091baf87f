import type { SnippetPart } from './search-doc';
import { normalizeTerm, wordsOf } from './search-text';

/** Characters of context kept before the first match and in all. */
const BEFORE = 40;
const LENGTH = 160;

/**
 * A short piece of `text` around its first word in `matched` (normalized index terms), cut
 * into parts with the matching words marked. Text too long is cut with '…' at word edges.
 */
export function snippetOf(text: string, matched: ReadonlySet<string>): SnippetPart[] {
  const words = wordsOf(text);
  const hits = words.filter((word) => matched.has(normalizeTerm(word.text)));
  const first = hits[0]?.start ?? 0;
  let from = Math.max(0, first - BEFORE);
  let to = Math.min(text.length, from + LENGTH);
  if (from > 0) from = words.find((word) => word.start >= from)?.start ?? from;
  if (to < text.length) to = words.findLast((word) => word.end <= to)?.end ?? to;
  const parts: SnippetPart[] = [];
  const push = (piece: string, hit: boolean) => {
    if (!piece) return;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += piece;
    else parts.push({ text: piece, hit });
  };
  if (from > 0) push('…', false);
  let at = from;
  for (const word of hits) {
    if (word.start < from || word.end > to) continue;
    push(text.slice(at, word.start), false);
    push(text.slice(word.start, word.end), true);
    at = word.end;
  }
  push(text.slice(at, to), false);
  if (to < text.length) push('…', false);
  return parts;
}
