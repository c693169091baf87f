import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { ConversationKey } from '../../lib/conversation-key';
import type { SearchDoc, SearchFilters, SearchHit } from './search-doc';
import { snippetOf } from './search-snippet';
import { containsPhrase, normalizeTerm, parseQuery, termsOf, wordsOf } from './search-text';

/** Words this long or longer forgive one typo (one letter added, missing, changed). */
export const TYPO_MIN_LENGTH = 5;
/** How many hits one search returns at most. */
export const MAX_HITS = 200;
const DAY_MS = 86_400_000;

const options: Options<SearchDoc> = {
  fields: ['text'],
  storeFields: [],
  tokenize: (text) => wordsOf(text).map((word) => word.text),
  processTerm: (term) => normalizeTerm(term) || null,
  searchOptions: {
    // The query arrives as normalized terms joined by spaces (see `search`).
    tokenize: (query) => query.split(' ').filter(Boolean),
    processTerm: (term) => term,
    prefix: true,
    fuzzy: (term) => (term.length >= TYPO_MIN_LENGTH ? 1 : false),
    // A whole word outranks a longer word it begins, which outranks a typo.
    weights: { prefix: 0.5, fuzzy: 0.3 },
    combineWith: 'AND',
  },
};

/** The serialized form saved on the device (search-store.ts encrypts it). */
export interface SearchIndexData {
  version: 1;
  docs: SearchDoc[];
  index: ReturnType<MiniSearch<SearchDoc>['toJSON']>;
}

/**
 * The device's message index: full-text by MiniSearch (prefix and one-typo matching), the
 * messages themselves for filters, phrases and snippets. No DOM, no Firebase: it runs in the
 * search worker, and in the unit tests and the bench as is.
 */
export class SearchIndex {
  private readonly docs = new Map<string, SearchDoc>();
  private readonly byConversation = new Map<ConversationKey, Set<string>>();
  private engine: MiniSearch<SearchDoc>;

  constructor(data?: SearchIndexData) {
    this.engine = data
      ? MiniSearch.loadJS(data.index, options)
      : new MiniSearch<SearchDoc>(options);
    for (const doc of data?.docs ?? []) this.remember(doc);
  }

  get size(): number {
    return this.docs.size;
  }

  /** Adds messages, or replaces the ones already there (an edit). */
  upsert(docs: readonly SearchDoc[]): void {
    for (const doc of docs) {
      const old = this.docs.get(doc.id);
      if (old && old.text === doc.text && old.photo === doc.photo && old.at === doc.at) continue;
      if (old) this.engine.discard(doc.id);
      this.engine.add(doc);
      this.remember(doc);
    }
  }

  /** Forgets messages by id (deleted for everyone, or for me). */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (!doc) continue;
      this.engine.discard(id);
      this.docs.delete(id);
      this.byConversation.get(doc.conv)?.delete(id);
    }
  }

  /** Forgets a whole conversation (a group I left, a person I blocked). */
  dropConversation(conv: ConversationKey): void {
    this.remove([...(this.byConversation.get(conv) ?? [])]);
    this.byConversation.delete(conv);
  }

  /** The conversations the index holds messages of. */
  conversations(): ConversationKey[] {
    return [...this.byConversation].filter(([, ids]) => ids.size > 0).map(([key]) => key);
  }

  /**
   * The messages matching `query` (loose words all present, by prefix or with one typo;
   * "quoted phrases" word for word) and `filters`, best first: closer matches, then newer.
   */
  search(query: string, filters: SearchFilters = {}, limit = MAX_HITS): SearchHit[] {
    const { terms, phrases } = parseQuery(query);
    const all = [...terms, ...phrases.flat()];
    if (all.length === 0) return [];
    const now = Date.now();
    const results = this.engine.search(all.join(' '), {
      filter: (result) => {
        const doc = this.docs.get(result.id as string);
        return !!doc && matchesFilters(doc, filters);
      },
      // Newer messages rank higher: a month-old one counts about two thirds of today's.
      boostDocument: (id) => {
        const doc = this.docs.get(id as string);
        const days = doc ? Math.max(0, now - doc.at) / DAY_MS : 0;
        return 1 + 1 / (1 + days / 30);
      },
    });
    const hits: SearchHit[] = [];
    for (const result of results) {
      const hit = this.hitOf(result, phrases);
      if (hit) hits.push(hit);
      if (hits.length >= limit) break;
    }
    return hits;
  }

  /** Every message of `conv` matching `query`, oldest first (Find in conversation). */
  findIn(conv: ConversationKey, query: string): SearchHit[] {
    return this.search(query, { conv }, Number.MAX_SAFE_INTEGER).sort(
      (a, b) => a.doc.at - b.doc.at || (a.doc.messageId < b.doc.messageId ? -1 : 1),
    );
  }

  toData(): SearchIndexData {
    return { version: 1, docs: [...this.docs.values()], index: this.engine.toJSON() };
  }

  private hitOf(result: SearchResult, phrases: string[][]): SearchHit | null {
    const doc = this.docs.get(result.id as string);
    if (!doc) return null;
    if (phrases.length > 0) {
      const terms = termsOf(doc.text);
      if (!phrases.every((phrase) => containsPhrase(terms, phrase))) return null;
    }
    return { doc, score: result.score, snippet: snippetOf(doc.text, new Set(result.terms)) };
  }

  private remember(doc: SearchDoc): void {
    this.docs.set(doc.id, doc);
    let ids = this.byConversation.get(doc.conv);
    if (!ids) this.byConversation.set(doc.conv, (ids = new Set()));
    ids.add(doc.id);
  }
}

export function matchesFilters(doc: SearchDoc, filters: SearchFilters): boolean {
  return (
    (filters.conv === undefined || doc.conv === filters.conv) &&
    (filters.from === undefined || doc.from === filters.from) &&
    (!filters.photos || doc.photo) &&
    (filters.after === undefined || doc.at >= filters.after) &&
    (filters.before === undefined || doc.at <= filters.before)
  );
}
