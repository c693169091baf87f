import { unlink } from 'node:fs/promises';
import type { DataNode } from '../data/node';
import type { Path } from '../data/path';
import { encodeEntry } from './journal-entries';
import { JournalFile } from './journal-file';
import { journalName, journalsOf, loadPersisted } from './load';
import { writeSnapshot } from './snapshot';

export interface StoreOptions {
  /** How long the first write of a group waits for others to share its fsync. */
  groupCommitMs?: number;
  /**
   * Compact once the journal exceeds this many bytes. By default: 16 MB, or half the snapshot's
   * size if that is more, so that rewriting a big snapshot stays rare.
   */
  compactBytes?: number;
  /** Longest the snapshot writer holds the event loop at a time. */
  sliceMs?: number;
  log?: (line: string) => void;
}

export interface LoadedData {
  seed: DataNode;
  namespaces: Map<string, DataNode>;
}

/**
 * Durable persistence for `--data <file>`: the file is a snapshot; every commit is appended to
 * `<file>.journal.<n>` and acknowledged once fsynced. When the journal grows past the limit, a
 * new journal is started and the snapshot rewritten in the background from the (immutable)
 * roots of that instant; the old journal is deleted only once the new snapshot is on disk.
 */
export class DurableStore {
  stats = { compactions: 0, snapshotBytes: 0 };
  private roots: () => [string, DataNode][] = () => [];
  private previous: JournalFile | null = null;
  private compacting: Promise<void> | null = null;
  private last: Promise<void> | null = null;
  private closed = false;
  private retryAfter = 0;

  private constructor(
    private readonly file: string,
    private readonly seed: DataNode,
    private journal: JournalFile,
    private generation: number,
    snapshotBytes: number,
    private readonly opts: Required<StoreOptions>,
  ) {
    this.stats.snapshotBytes = snapshotBytes;
  }

  static async open(
    file: string,
    options: StoreOptions = {},
  ): Promise<{ store: DurableStore; data: LoadedData }> {
    const opts: Required<StoreOptions> = {
      groupCommitMs: options.groupCommitMs ?? 2,
      compactBytes: options.compactBytes ?? 0,
      sliceMs: options.sliceMs ?? 4,
      log: options.log ?? (() => undefined),
    };
    const loaded = await loadPersisted(file, true, opts.log);
    const current = loaded.generation;
    const journal = await JournalFile.open(journalName(file, current), opts.groupCommitMs);
    if (loaded.entries > 0) opts.log(`${file}: replayed ${loaded.entries} journal entries`);
    if (!loaded.hadJournal && loaded.snapshotBytes > 0)
      opts.log(`${file}: loaded; from now on writes are appended to ${journal.path}`);
    const store = new DurableStore(file, loaded.seed, journal, current, loaded.snapshotBytes, opts);
    // Older journals that were replayed stay until the next snapshot includes them.
    return { store, data: { seed: loaded.seed, namespaces: loaded.namespaces } };
  }

  /** Where the roots of every namespace come from when a snapshot is taken. */
  attach(roots: () => [string, DataNode][]): void {
    this.roots = roots;
  }

  get journalBytes(): number {
    return this.journal.bytes + (this.previous?.bytes ?? 0);
  }

  get syncs(): number {
    return this.journal.syncs;
  }

  /**
   * Called synchronously inside each commit, so the journal's order is the commit order.
   * Without `touched` (a write that changed nothing) it only waits for what is pending.
   */
  record(ns: string, root: DataNode, touched: readonly Path[] | null): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the emulator is stopping'));
    if (touched === null) return this.last ?? Promise.resolve();
    const appended = this.journal.append(encodeEntry(ns, root, touched));
    // Acks keep the commit order across a journal switch.
    const earlier = this.previous?.flush();
    const done = earlier ? Promise.all([earlier, appended]).then(() => undefined) : appended;
    this.last = done;
    if (!this.compacting && this.journal.bytes > this.compactThreshold() + this.retryAfter) {
      void this.compact().then(
        () => {
          this.retryAfter = 0;
        },
        (e: unknown) => {
          // Not again at the next write: only once the journal has grown as much again.
          this.retryAfter = this.journal.bytes;
          this.opts.log(`writing the snapshot ${this.file} failed: ${String(e)}`);
        },
      );
    }
    return done;
  }

  /**
   * Starts a new journal, writes a snapshot of this instant, then deletes the older journals.
   * One at a time: a call during a compaction waits for it, then compacts again.
   */
  async compact(): Promise<void> {
    while (this.compacting) await this.compacting;
    const run = this.compactNow();
    // Never rejects: whoever called compact() hears of a failure through `run`.
    const tracked: Promise<void> = run.then(
      () => this.done(tracked),
      () => this.done(tracked),
    );
    this.compacting = tracked;
    return run;
  }

  private done(run: Promise<void>): void {
    if (this.compacting === run) this.compacting = null;
  }

  private compactThreshold(): number {
    if (this.opts.compactBytes > 0) return this.opts.compactBytes;
    return Math.max(16 * 1024 * 1024, this.stats.snapshotBytes / 2);
  }

  private async compactNow(): Promise<void> {
    if (this.previous) {
      // A snapshot that failed earlier: its journal stays on disk until this one succeeds.
      await this.previous.close();
      this.previous = null;
    }
    const next = await JournalFile.open(
      journalName(this.file, this.generation + 1),
      this.opts.groupCommitMs,
    );
    // From here to the switch nothing awaits: the roots are exactly what the old journals hold.
    const namespaces = this.roots();
    this.previous = this.journal;
    this.journal = next;
    this.generation++;
    const old = this.previous;
    const started = performance.now();
    const bytes = await writeSnapshot(
      this.file,
      { generation: this.generation, seed: this.seed, namespaces },
      this.opts.sliceMs,
    );
    await old.close();
    if (this.previous === old) this.previous = null;
    for (const j of await journalsOf(this.file))
      if (j.generation < this.generation) await unlink(j.path);
    this.stats.snapshotBytes = bytes;
    this.stats.compactions++;
    const ms = (performance.now() - started).toFixed(0);
    this.opts.log(
      `${this.file}: compacted (snapshot of ${(bytes / 1048576).toFixed(1)} MB written in ${ms} ms)`,
    );
  }

  /**
   * Waits for a compaction in progress and fsyncs every pending line; then folds the journal
   * into the data file, so that a small database's file is complete on its own after a clean
   * stop (a kill during this is harmless: the journals stay until the rename).
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.compacting;
    await this.previous?.close();
    this.previous = null;
    await this.journal.close();
    // Rewriting a big data file for a small journal would only slow the stop down (the next
    // start replays it in a moment); the journal is durable either way.
    const big = this.stats.snapshotBytes > 16 * 1024 * 1024;
    if (this.journal.bytes === 0 || (big && this.journal.bytes < this.stats.snapshotBytes / 8))
      return;
    const namespaces = this.roots();
    const generation = this.generation + 1;
    await writeSnapshot(this.file, { generation, seed: this.seed, namespaces }, 50);
    for (const j of await journalsOf(this.file))
      if (j.generation < generation) await unlink(j.path);
  }
}
