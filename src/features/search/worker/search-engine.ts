import MiniSearch, { type Options, type Query } from 'minisearch';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { SearchDoc, SearchFilters, SearchHit } from './search-doc';
import { PartCache, type EngineMatch } from './search-parts';
import { snippetOf } from './search-snippet';
import {
  characterCount,
  containsPhrase,
  normalizeTerm,
  parseQuery,
  termsOf,
  wordsOf,
} from './search-text';
import { FUZZY_WEIGHT, looseQuery, TYPO_MIN_LENGTH } from './search-typos';

export { transpositionsOf } from './search-typos';

/** How many hits one search returns at most. */
const MAX_HITS = 200;
/** How many of the best candidates a search with a phrase checks for it, at most. */
const PHRASE_CHECKS = 5000;
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
    weights: { prefix: 0.5, fuzzy: FUZZY_WEIGHT },
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
  private readonly parts: PartCache;

  constructor(data?: SearchIndexData) {
    this.engine = data
      ? MiniSearch.loadJS(data.index, options)
      : new MiniSearch<SearchDoc>(options);
    this.parts = new PartCache(this.engine);
    for (const doc of data?.docs ?? []) this.remember(doc);
  }

  /** Forgets the query parts kept for the next key stroke (the bench measures cold searches). */
  forgetParts(): void {
    this.parts.clear();
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
      this.parts.clear();
      this.remember(doc);
    }
  }

  /** Forgets messages by id (deleted for everyone, or for me). */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (!doc) continue;
      this.engine.discard(id);
      this.parts.clear();
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
    const found = this.candidates(query);
    if (!found) return [];
    const hits: SearchHit[] = [];
    let checks = 0;
    for (const candidate of found.ranked) {
      if (hits.length >= limit) break;
      if (!matchesFilters(candidate.doc, filters)) continue;
      // Phrases are checked on the best candidates only: a rare phrase of common words
      // would otherwise read every message holding its words.
      if (found.query.phrases.length > 0 && ++checks > PHRASE_CHECKS) break;
      if (fits(candidate.doc.text, found.query)) hits.push(hitOf(candidate));
    }
    return hits;
  }

  /**
   * The matches of `query` in conversation `conv` (Find in conversation): how many there are,
   * and the newest `limit` of them, oldest first.
   */
  findIn(conv: ConversationKey, query: string, limit = MAX_HITS): FoundIn {
    const found = this.candidates(query);
    if (!found) return { hits: [], total: 0 };
    const all = found.ranked.filter(
      (candidate) => candidate.doc.conv === conv && fits(candidate.doc.text, found.query),
    );
    all.sort((a, b) => byTime(a.doc, b.doc));
    return { hits: all.slice(-limit).map(hitOf), total: all.length };
  }

  /**
   * What the engine matches, best first (its score, times a boost for newer messages). A word
   * of one letter beside others (one being typed) is not looked up as a prefix of thousands of
   * terms: `fits` checks it on the candidates the other words give. Phrase words match whole.
   */
  private candidates(query: string): { ranked: Candidate[]; query: CheckedQuery } | null {
    const { terms, phrases } = parseQuery(query);
    const single = (term: string) => characterCount(term) === 1;
    const others = terms.some((term) => !single(term)) || phrases.length > 0;
    const initials = others ? terms.filter(single) : [];
    const loose = others ? terms.filter((term) => !single(term)) : terms;
    const exact = [...new Set(phrases.flat())];
    if (loose.length === 0 && exact.length === 0) return null;
    const queries: Query[] = [];
    queries.push(...loose.map(looseQuery));
    if (exact.length > 0) queries.push({ queries: [exact.join(' ')], prefix: false, fuzzy: false });
    const results = this.parts.match(queries);
    const now = Date.now();
    const ranked: Candidate[] = [];
    for (const result of results) {
      const doc = this.docs.get(result.id);
      // Newer messages rank higher: a month-old one counts about two thirds of today's.
      if (doc) ranked.push({ doc, result, rank: result.score * recency(doc.at, now) });
    }
    ranked.sort((a, b) => b.rank - a.rank);
    return { ranked, query: { initials, phrases, patterns: phrases.map(phrasePattern) } };
  }

  toData(): SearchIndexData {
    return { version: 1, docs: [...this.docs.values()], index: this.engine.toJSON() };
  }

  private remember(doc: SearchDoc): void {
    this.docs.set(doc.id, doc);
    let ids = this.byConversation.get(doc.conv);
    if (!ids) this.byConversation.set(doc.conv, (ids = new Set()));
    ids.add(doc.id);
  }
}

interface Candidate {
  doc: SearchDoc;
  result: EngineMatch;
  rank: number;
}

/** What the engine's candidates must still show: initials of words, phrases word for word. */
interface CheckedQuery {
  initials: string[];
  phrases: string[][];
  /** Per phrase, a quick test on the normalized text before the exact check by words. */
  patterns: RegExp[];
}

export interface FoundIn {
  hits: SearchHit[];
  total: number;
}

const byTime = (a: SearchDoc, b: SearchDoc) =>
  a.at - b.at || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);

const recency = (at: number, now: number) => 1 + 1 / (1 + Math.max(0, now - at) / DAY_MS / 30);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where words join in Chinese or Japanese there is no space; elsewhere anything not a letter. */
const phrasePattern = (phrase: string[]) =>
  new RegExp(phrase.map(escape).join('[^\\p{L}\\p{N}]*'), 'u');

/** Scripts written without spaces: a one-character term may sit inside a longer run. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function fits(text: string, query: CheckedQuery): boolean {
  if (query.initials.length === 0 && query.phrases.length === 0) return true;
  const normal = normalizeTerm(text);
  for (const initial of query.initials) {
    const at = UNSPACED.test(initial)
      ? normal.includes(initial)
      : new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(initial)}`, 'u').test(normal);
    if (!at) return false;
  }
  if (!query.patterns.every((pattern) => pattern.test(normal))) return false;
  if (query.phrases.length === 0) return true;
  const terms = termsOf(text);
  return query.phrases.every((phrase) => containsPhrase(terms, phrase));
}

function hitOf({ doc, result }: Candidate): SearchHit {
  return { doc, score: result.score, snippet: snippetOf(doc.text, new Set(result.terms)) };
}

function matchesFilters(doc: SearchDoc, filters: SearchFilters): boolean {
  return (
    (filters.conv === undefined || doc.conv === filters.conv) &&
    (filters.from === undefined || doc.from === filters.from) &&
    (!filters.photos || doc.photo) &&
    (filters.after === undefined || doc.at >= filters.after) &&
    (filters.before === undefined || doc.at <= filters.before)
  );
}
