/**
 * Section 11 of `npm run bench`: the message search index (src/features/search) as its worker
 * runs it, in Node: time to index 10,000 and 100,000 messages (in the 200-message pages history
 * indexing sends, each cut into slices of about 40 ms: the longest slice is the longest a search
 * waits behind indexing), its saved size encrypted and the time a save holds the worker, the
 * heap it takes, the time to load the saved copy, and query times p50/p99 at 100,000, also for
 * the queries the panel runs while a word is being typed.
 * The main thread only posts pages to the worker, so indexing adds no long task there. Each
 * query of the table is asked cold and each typed phrase typed afresh (`forgetParts`).
 */
import { readFileSync } from 'node:fs';
import { SearchIndex } from '../../src/features/search/worker/search-engine';
import type { SearchDoc } from '../../src/features/search/worker/search-doc';
import { inSlices } from '../../src/features/search/worker/search-time-slicing';
import { int, kb, ms, table } from './report';
import { benchMessages } from './search-messages';

const PAGE = 200;

/** As the worker indexes history: page by page, each page in slices (search-time-slicing.ts). */
async function indexAll(docs: SearchDoc[]) {
  const index = new SearchIndex();
  let longest = 0;
  let longestPage = 0;
  let busy = 0;
  for (let i = 0; i < docs.length; i += PAGE) {
    const t = performance.now();
    longest = Math.max(
      longest,
      await inSlices(docs.slice(i, i + PAGE), (doc) => index.upsert([doc])),
    );
    longestPage = Math.max(longestPage, performance.now() - t);
    busy += performance.now() - t;
  }
  return { index, ms: busy, longest, longestPage };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export interface SearchFigures {
  rows: string[][];
  queries: string[][];
  typed?: string[][];
}

/** The panel's settle time (use-search-results.ts), read from its source (it imports React). */
const SETTLE_MS = Number(
  /SETTLE_MS = (\d+)/.exec(
    readFileSync(
      new URL('../../src/features/search/use-search-results.ts', import.meta.url),
      'utf8',
    ),
  )?.[1] ?? NaN,
);
/** Keys typed this far apart (8 a second), each one search after the panel's settle time. */
const KEY_MS = 125;
const TYPED = ['climbing gym', 'station street', 'birthday party', 'coffee tomorrow'];

/**
 * From the last key to its results while a phrase is typed key by key: each search's time is
 * measured on the index, then laid on the timeline of the keys; in turn (every search runs, as
 * the worker did) or newest only (a search superseded while waiting is skipped, search-lanes.ts).
 */
function typedLatency(index: SearchIndex): string[][] {
  const last = { fifo: [] as number[], newest: [] as number[] };
  for (let round = 0; round < 5; round++)
    for (const phrase of TYPED) {
      index.forgetParts();
      const asks = Array.from({ length: phrase.length - 1 }, (_, i) => ({
        at: i * KEY_MS + SETTLE_MS,
        query: phrase.slice(0, i + 2),
      }));
      const cost = asks.map(({ query }) => {
        const t = performance.now();
        index.search(query);
        return performance.now() - t;
      });
      let free = 0;
      asks.forEach((ask, i) => (free = Math.max(free, ask.at) + (cost[i] ?? 0)));
      last.fifo.push(free - (asks.at(-1)?.at ?? 0));
      free = 0;
      let next = 0;
      while (next < asks.length) {
        const start = Math.max(free, asks[next]?.at ?? 0);
        // The newest search asked by the time the worker is free; older ones are skipped.
        let pick = next;
        while (pick + 1 < asks.length && (asks[pick + 1]?.at ?? Infinity) <= start) pick++;
        free = start + (cost[pick] ?? 0);
        next = pick + 1;
      }
      last.newest.push(free - (asks.at(-1)?.at ?? 0));
    }
  return Object.entries({ 'in turn (before)': last.fifo, 'newest only': last.newest }).map(
    ([policy, times]) => {
      times.sort((a, b) => a - b);
      return [policy, ms(percentile(times, 50)), ms(percentile(times, 99)), ms(times.at(-1) ?? 0)];
    },
  );
}

export async function searchBench(large = Number(process.env.BENCH_SEARCH_MESSAGES ?? 100_000)) {
  const rows: string[][] = [];
  const gc = (globalThis as { gc?: () => void }).gc;
  for (const count of [10_000, large]) {
    const docs = benchMessages(count);
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const built = await indexAll(docs);
    gc?.();
    const heap = process.memoryUsage().heapUsed - heapBefore;
    const saveStart = performance.now();
    const plain = new TextEncoder().encode(JSON.stringify(built.index.toData()));
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
    ]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
    const saveMs = performance.now() - saveStart;
    const loadStart = performance.now();
    new SearchIndex(
      JSON.parse(new TextDecoder().decode(plain)) as ReturnType<SearchIndex['toData']>,
    );
    const loadMs = performance.now() - loadStart;
    rows.push([
      int(count),
      ms(built.ms),
      ms(built.longestPage),
      ms(built.longest),
      kb(sealed.byteLength),
      ms(saveMs),
      kb(heap),
      ms(loadMs),
    ]);
    if (count !== large) continue;
    const kinds: Record<string, string[]> = {
      prefix: ['stat', 'climb', 'birth', 'mount', 'dead'],
      typo: ['statoin', 'climbimg', 'adress', 'birthdya', 'hollday'],
      'two words': ['coffee tomorrow', 'gym address', 'train ticket', 'dinner party'],
      phrase: ['"climbing gym"', '"train ticket"', '"coffee tomorrow"'],
      CJK: ['東京', '见面', '만나요'],
      // What the panel searches between keys while a query is typed (the last word unfinished).
      'as typed': ['st', 'coffee t', 'gym a', 'climbing g', 'train tic'],
    };
    const queries: string[][] = [];
    const typed = typedLatency(built.index);
    for (const [kind, list] of Object.entries(kinds)) {
      const times: number[] = [];
      let hits = 0;
      for (let round = 0; round < 20; round++)
        for (const query of list) {
          built.index.forgetParts();
          const t = performance.now();
          hits = built.index.search(query).length;
          times.push(performance.now() - t);
        }
      times.sort((a, b) => a - b);
      queries.push([kind, ms(percentile(times, 50)), ms(percentile(times, 99)), int(hits)]);
    }
    return { rows, queries, typed };
  }
  return { rows, queries: [] };
}

export function printSearchSummary(figures: SearchFigures): void {
  console.log(
    table(
      '11. Message search index (worker side, Node; pages of 200 as history indexing sends, in ~40 ms slices)',
      [
        'messages',
        'index all',
        'longest page',
        'longest slice',
        'saved (encrypted)',
        'save',
        'heap',
        'load saved',
      ],
      figures.rows,
    ),
  );
  console.log(
    table(
      `Query time at ${figures.rows.at(-1)?.[0] ?? '?'} messages (20 rounds each)`,
      ['query', 'p50', 'p99', 'hits (last)'],
      figures.queries,
    ),
  );
  if (figures.typed)
    console.log(
      table(
        `Typed key by key (${String(1000 / KEY_MS)} keys/s, ${String(5 * TYPED.length)} phrases): last key to results, queued searches`,
        ['searches', 'p50', 'p99', 'max'],
        figures.typed,
      ),
    );
}
