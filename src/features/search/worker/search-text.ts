/**
 * How message text becomes search terms, shared by the index and the queries so both agree:
 * words cut by `Intl.Segmenter` (Chinese, Japanese and Korean by dictionary, not by spaces),
 * lower case, accents dropped ('Café' and 'cafe' are one term).
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** A word of a text and where it sits (UTF-16 offsets), for highlighting. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

/**
 * Scripts written without spaces between words (or where a dictionary finds them better):
 * only text holding one of them goes through `Intl.Segmenter`, many times slower than a regex.
 */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Words as Unicode's word boundaries (UAX #29, what the segmenter follows) cut text written
 * with spaces: letters, digits and marks, joined by an apostrophe or a dot between letters or
 * digits ("don't", "e.g", "3.5") and by a comma between digits ("12,500").
 */
const SPACED_WORD =
  /[\p{L}\p{N}\p{M}\p{Pc}]+(?:(?:['’.](?=[\p{L}\p{N}])|(?<=\p{N})[,;](?=\p{N}))[\p{L}\p{N}\p{M}\p{Pc}]+)*/gu;

/** The words of `text` (no spaces or punctuation), in order. */
export function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  if (!UNSPACED.test(text)) {
    for (const match of text.matchAll(SPACED_WORD))
      out.push({ text: match[0], start: match.index, end: match.index + match[0].length });
    return out;
  }
  for (const part of segmenter.segment(text)) {
    if (part.isWordLike)
      out.push({ text: part.segment, start: part.index, end: part.index + part.segment.length });
  }
  return out;
}

/** The form a term is indexed and looked up in: lower case, no accents, compatible forms. */
export function normalizeTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The terms of `text`, normalized, in order. */
export function termsOf(text: string): string[] {
  return wordsOf(text).map((word) => normalizeTerm(word.text));
}

/** A query as typed: its loose words, and its "quoted phrases" (each a run of terms). */
export interface ParsedQuery {
  terms: string[];
  phrases: string[][];
}

/** Splits a query into loose terms and quoted phrases; an unclosed quote runs to the end. */
export function parseQuery(query: string): ParsedQuery {
  const terms: string[] = [];
  const phrases: string[][] = [];
  const parts = query.split('"');
  parts.forEach((part, index) => {
    const words = termsOf(part);
    if (index % 2 === 1 && words.length > 1) phrases.push(words);
    else terms.push(...words);
  });
  return { terms, phrases };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How many characters `text` shows (an emoji or an accented letter is one). */
export const characterCount = (text: string) => [...graphemes.segment(text)].length;

/** Whether `terms` holds `phrase` as a contiguous run. */
export function containsPhrase(terms: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= terms.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (terms[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}
