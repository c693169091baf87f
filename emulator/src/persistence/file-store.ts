import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Debounced whole-file persistence. Each save goes to a temporary file in the same directory,
 * is fsynced, then renamed over the target, so a crash leaves either the old or the new file.
 */
export class FileStore {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => string,
    private readonly debounceMs = 100,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Called after every commit. */
  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save().catch((e: unknown) =>
        this.log(`persisting ${this.file} failed: ${String(e)}`),
      );
    }, this.debounceMs);
  }

  /** Writes any pending change now; resolves once it is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save();
  }

  private async save(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    if (!this.dirty) return;
    this.dirty = false;
    // Serialise synchronously: the data is immutable, but later commits must not interleave.
    const text = this.snapshot();
    this.writing = this.write(text)
      .catch((e: unknown) => {
        this.dirty = true;
        throw e;
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  private async write(text: string): Promise<void> {
    const tmp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.tmp`);
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(tmp, this.file);
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
  }
}
