import type { ConversationKey } from '../../../lib/conversation-key';
import type { SearchDoc, SearchFilters, SearchHit } from './search-doc';
import { SearchIndex, type FoundIn, type SearchIndexData } from './search-engine';
import { inSlices } from './search-time-slicing';
import { deleteSearchVault, openSearchVault, type SearchVault } from './search-store';

/** How far back a conversation's history is indexed, and up to when its newest messages are. */
export interface CrawlMark {
  /** The oldest message indexed (the next page is older than it), null before the first page. */
  oldest: { id: string; createdAt: number } | null;
  /** Server time of the newest message indexed. */
  newest: number;
  /** Its whole history is indexed. */
  done: boolean;
  /** Messages read by history indexing (for the progress; absent in older saved marks). */
  count?: number;
  /** When its first message was sent (to within an hour), once probed: see search-estimate.ts. */
  firstAt?: number;
  /**
   * Server time from which edits and deletions for everyone are still to be read (what the
   * index holds is current up to then); absent in older saved marks: from the start.
   */
  changed?: number;
}

export type CrawlMarks = Partial<Record<ConversationKey, CrawlMark>>;

interface Saved {
  index: SearchIndexData;
  marks: CrawlMarks;
}

/**
 * How long changes wait before the index is saved (many arrive together while indexing), at
 * least; a large index takes long to save (serializing holds the worker), so saves come at
 * most once per `SAVE_SHARE` times the last one's duration, the worker mostly free to search.
 */
const SAVE_DELAY_MS = 2000;
const SAVE_SHARE = 10;

/**
 * What the search worker does, callable in the worker (search-worker.ts) or, where there is no
 * Worker (the tests), in place: the index, the history marks, and their encrypted copy on the
 * device. Every method may be called through postMessage, so arguments and answers are plain data.
 */
export class SearchBackend {
  private index = new SearchIndex();
  private marks: CrawlMarks = {};
  private vault: SearchVault | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSaveMs = 0;
  private upserting = 0;
  private readonly droppedWhileUpserting = new Set<ConversationKey>();

  /** Opens user `uid`'s saved index (if any): how many messages it holds and its marks. */
  async open(uid: string): Promise<{ size: number; marks: CrawlMarks }> {
    this.vault = await openSearchVault(uid).catch(() => null);
    const saved = (await this.vault?.load().catch(() => null)) as Saved | null | undefined;
    if (saved?.index.version === 1) {
      try {
        this.index = new SearchIndex(saved.index);
        this.marks = saved.marks;
      } catch {
        // A copy from another version that does not load: index again from the start.
        this.index = new SearchIndex();
        this.marks = {};
      }
    }
    return { size: this.index.size, marks: this.marks };
  }

  /** Adds or replaces messages, in slices so searches asked meanwhile are not held up. */
  async upsert(docs: SearchDoc[]): Promise<number> {
    const index = this.index;
    this.upserting += 1;
    try {
      // A conversation dropped between two slices stays out (a wipe swaps the index itself).
      await inSlices(docs, (doc) => {
        if (!this.droppedWhileUpserting.has(doc.conv)) index.upsert([doc]);
      });
    } finally {
      if (--this.upserting === 0) this.droppedWhileUpserting.clear();
    }
    return this.changed();
  }

  remove(ids: string[]): number {
    this.index.remove(ids);
    return this.changed();
  }

  /** Forgets conversations I can no longer read. */
  drop(convs: ConversationKey[]): number {
    for (const conv of convs) {
      if (this.upserting > 0) this.droppedWhileUpserting.add(conv);
      this.index.dropConversation(conv);
      Reflect.deleteProperty(this.marks, conv);
    }
    return this.changed();
  }

  /** Forgets every conversation not in `readable`. */
  keepOnly(readable: ConversationKey[]): number {
    const keep = new Set(readable);
    const known = new Set([
      ...this.index.conversations(),
      ...(Object.keys(this.marks) as ConversationKey[]),
    ]);
    return this.drop([...known].filter((conv) => !keep.has(conv)));
  }

  mark(conv: ConversationKey, mark: CrawlMark): void {
    this.marks[conv] = mark;
    this.changed();
  }

  search(query: string, filters: SearchFilters): SearchHit[] {
    return this.index.search(query, filters);
  }

  findIn(conv: ConversationKey, query: string): FoundIn {
    return this.index.findIn(conv, query);
  }

  /** Saves now (what a delayed save would do). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const start = performance.now();
    const saved: Saved = { index: this.index.toData(), marks: this.marks };
    await this.vault?.save(saved);
    this.lastSaveMs = performance.now() - start;
  }

  /** Forgets everything and deletes user `uid`'s saved copy and key (logout, account deletion). */
  async wipe(uid: string): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.vault?.close();
    this.vault = null;
    this.index = new SearchIndex();
    this.marks = {};
    await deleteSearchVault(uid);
  }

  private changed(): number {
    if (this.vault && !this.timer)
      this.timer = setTimeout(
        () => {
          this.timer = null;
          void this.flush().catch(() => undefined);
        },
        Math.max(SAVE_DELAY_MS, SAVE_SHARE * this.lastSaveMs),
      );
    return this.index.size;
  }
}

/** The backend as the main thread sees it: every call answers later. */
export type SearchApi = {
  [K in keyof SearchBackend]: SearchBackend[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};
