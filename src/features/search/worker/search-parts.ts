import type MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import type { SearchDoc } from './search-doc';

/** One part of a query (a loose word, or the words of the phrases) as the engine scored it. */
interface PartMatch extends EngineMatch {
  /** The query terms it matched: the engine multiplies by how many distinct ones. */
  queryTerms: readonly string[];
}
/** A part's matches in the engine's order, and by id once combined with another part. */
interface Part {
  list: PartMatch[];
  byId?: Map<string, PartMatch>;
}

/** What the engine answers to the parts together: the same scores as one search of them all. */
export interface EngineMatch {
  id: string;
  score: number;
  /** The index terms it matched (highlighted in the snippet; may repeat). */
  terms: readonly string[];
}

/** Parts remembered: the words of the last queries typed (each key stroke extends one). */
const KEPT_PARTS = 12;

/**
 * The engine's matches of a query's parts, kept until the index changes. While a query is typed
 * the same finished words are asked again and again: at the space after a word, and at the
 * first letter of the next one (one letter is checked on the candidates, search-engine.ts), so
 * those keys read the word's matches from here instead of scoring thousands of messages again.
 * A query of one part is kept; one of several parts all kept is combined from here as the
 * engine does (`AND`: the parts' scores added, times the number of distinct query terms
 * matched); any other is asked in one engine search, as before (scoring a new part alone
 * would cost more than the search it saves).
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
    if (queries.length > 1 && !keys.every((key) => this.parts.has(key)))
      return this.engine
        .search({ combineWith: 'AND', queries: [...queries] })
        .map(({ id, score, terms }) => ({ id: id as string, score, terms }));
    const parts = queries.map((query, i) => this.part(query, keys[i] ?? ''));
    if (parts.length === 1) return parts[0]?.list ?? [];
    const maps = parts.map((part) => (part.byId ??= new Map(part.list.map((m) => [m.id, m]))));
    const smallest = parts.reduce((a, b) => (b.list.length < a.list.length ? b : a));
    const out: EngineMatch[] = [];
    next: for (const { id } of smallest.list) {
      const matches: PartMatch[] = [];
      for (const map of maps) {
        const match = map.get(id);
        if (!match) continue next;
        matches.push(match);
      }
      // The engine adds the parts' scores before its factor, in the order of the parts.
      let raw = 0;
      const queryTerms: string[] = [];
      for (const match of matches) {
        raw += match.score / (match.queryTerms.length || 1);
        for (const term of match.queryTerms) if (!queryTerms.includes(term)) queryTerms.push(term);
      }
      out.push({
        id,
        score: raw * (queryTerms.length || 1),
        terms: matches.flatMap((m) => m.terms),
      });
    }
    return out;
  }

  private part(query: Query, key: string): Part {
    let part = this.parts.get(key);
    if (part) {
      // The most recently used last: the oldest goes first when there are too many.
      this.parts.delete(key);
    } else {
      const list = this.engine.search(query).map(({ id, score, terms, queryTerms }) => ({
        id: id as string,
        score,
        terms,
        queryTerms,
      }));
      part = { list };
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
