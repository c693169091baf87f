import type MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import type { SearchDoc } from './search-doc';

/** One part of a query (a loose word, or the words of the phrases) as the engine scored it. */
interface PartMatch {
  /** The engine's score before its "more query terms matched" factor. */
  raw: number;
  /** The query terms it matched (the factor is how many distinct ones). */
  queryTerms: readonly string[];
  /** The index terms it matched (highlighted in the snippet). */
  terms: readonly string[];
}
type Part = Map<string, PartMatch>;

/** What the engine answers to the parts together: the same scores as one search of them all. */
export interface EngineMatch {
  id: string;
  score: number;
  terms: string[];
}

/** Parts remembered: the words of the last queries typed (each key stroke extends one). */
const KEPT_PARTS = 12;

/**
 * The engine's matches of each part of a query, kept until the index changes: while a query is
 * typed, its finished words are asked again at every key, and only the word being typed (or a
 * new one) is looked up, the rest read from here and combined as the engine does (`AND`: the
 * parts' scores added, times the number of distinct query terms matched). A query none of whose
 * parts is known is asked in one search, as before, unless it has a single part (the first
 * word of a query being typed), which is then kept.
 */
export class PartCache {
  private readonly parts = new Map<string, Part>();

  constructor(private readonly engine: MiniSearch<SearchDoc>) {}

  /** The index changed: every part may match otherwise now. */
  clear(): void {
    this.parts.clear();
  }

  match(queries: readonly Query[]): EngineMatch[] {
    const keys = queries.map((query) => JSON.stringify(query));
    if (queries.length > 1 && !keys.some((key) => this.parts.has(key)))
      return this.engine
        .search({ combineWith: 'AND', queries: [...queries] })
        .map(({ id, score, terms }) => ({ id: id as string, score, terms }));
    const parts = queries.map((query, i) => this.part(query, keys[i] ?? ''));
    const smallest = parts.reduce((a, b) => (b.size < a.size ? b : a));
    const out: EngineMatch[] = [];
    for (const id of smallest.keys()) {
      let raw = 0;
      const queryTerms = new Set<string>();
      const terms = new Set<string>();
      let all = true;
      for (const part of parts) {
        const match = part.get(id);
        if (!match) {
          all = false;
          break;
        }
        raw += match.raw;
        for (const term of match.queryTerms) queryTerms.add(term);
        for (const term of match.terms) terms.add(term);
      }
      if (all) out.push({ id, score: raw * (queryTerms.size || 1), terms: [...terms] });
    }
    return out;
  }

  private part(query: Query, key: string): Part {
    let part = this.parts.get(key);
    if (part) {
      // The most recently used last: the oldest goes first when there are too many.
      this.parts.delete(key);
    } else {
      part = new Map();
      for (const { id, score, terms, queryTerms } of this.engine.search(query))
        part.set(id as string, { raw: score / (queryTerms.length || 1), queryTerms, terms });
    }
    this.parts.set(key, part);
    while (this.parts.size > KEPT_PARTS) {
      const oldest = this.parts.keys().next().value;
      if (oldest === undefined) break;
      this.parts.delete(oldest);
    }
    return part;
  }
}
