import type { Query } from 'minisearch';

/**
 * Words this long or longer forgive one typo: one letter added, missing or changed (the
 * engine's edit distance 1), or two neighbours swapped ('statoin', see `looseQuery`).
 */
export const TYPO_MIN_LENGTH = 5;
/** The engine's weight of a one-typo match, which a swap of neighbours weighs as well. */
export const FUZZY_WEIGHT = 0.3;
/**
 * One loose word as the engine is asked it: by prefix and with one typo; and, from five letters,
 * each spelling with two neighbouring letters swapped too (one typo for a person, two edits for
 * the engine), weighed as a one-typo match and matching by prefix, so 'statoi' finds 'station'
 * while it is typed.
 */
export function looseQuery(term: string): Query {
  if (term.length < TYPO_MIN_LENGTH) return term;
  const swapped = transpositionsOf(term);
  if (swapped.length === 0) return term;
  const weight = (FUZZY_WEIGHT * term.length) / (term.length + 1);
  return {
    combineWith: 'OR',
    queries: [term, { queries: [swapped.join(' ')], fuzzy: false, boost: { text: weight } }],
  };
}

/** `term` with each pair of neighbouring characters swapped (other than itself), once each. */
export function transpositionsOf(term: string): string[] {
  const chars = Array.from(term);
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const copy = [...chars];
    [copy[i], copy[i + 1]] = [chars[i + 1] ?? '', chars[i] ?? ''];
    out.add(copy.join(''));
  }
  out.delete(term);
  return [...out];
}
