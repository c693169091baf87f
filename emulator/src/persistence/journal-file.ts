import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

interface Batch {
  text: string;
  waiters: { resolve: () => void; reject: (e: unknown) => void }[];
}

/**
 * One append-only journal file with group commit: lines appended while a write + fsync is in
 * flight (or within `windowMs` of the first one) share the next write + fsync. `append`
 * resolves once its line is on disk.
 */
export class JournalFile {
  /** Bytes on disk plus bytes waiting to be written. */
  bytes: number;
  /** How many fsyncs this file has done (the group-commit test counts them). */
  syncs = 0;
  private pending: Batch | null = null;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failure: Error | null = null;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    size: number,
    private readonly windowMs: number,
  ) {
    this.bytes = size;
  }

  /** Opens (creating if needed) for appending; a new file's directory entry is fsynced too. */
  static async open(path: string, windowMs: number): Promise<JournalFile> {
    const handle = await open(path, 'a');
    const { size } = await handle.stat();
    if (size === 0) await syncDirectory(dirname(path));
    return new JournalFile(path, handle, size, windowMs);
  }

  append(line: string): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const text = line + '\n';
    this.bytes += Buffer.byteLength(text);
    this.pending ??= { text: '', waiters: [] };
    this.pending.text += text;
    const done = new Promise<void>((resolve, reject) =>
      this.pending?.waiters.push({ resolve, reject }),
    );
    if (!this.flushing && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flushing ??= this.drain();
      }, this.windowMs);
    }
    return done;
  }

  /** Writes everything appended so far; resolves when it is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending && !this.flushing) this.flushing = this.drain();
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const batch = this.pending;
        this.pending = null;
        try {
          await this.handle.appendFile(batch.text);
          await this.handle.datasync();
          this.syncs++;
          for (const w of batch.waiters) w.resolve();
        } catch (e) {
          // The disk refused: later appends fail at once rather than being acknowledged.
          this.failure = e instanceof Error ? e : new Error(String(e));
          for (const w of batch.waiters) w.reject(e);
        }
      }
    } finally {
      this.flushing = null;
    }
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
