import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DataError } from '../data/errors';
import type { DataNode } from '../data/node';
import { loadDataFile } from './data-file';
import { applyEntry, readJournal, truncateJournal } from './journal-entries';

export const journalName = (file: string, generation: number): string =>
  `${file}.journal.${generation}`;

export async function journalsOf(file: string): Promise<{ generation: number; path: string }[]> {
  const prefix = `${basename(file)}.journal.`;
  const names = await readdir(dirname(file));
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)))
    .map((n) => ({ generation: Number(n.slice(prefix.length)), path: join(dirname(file), n) }))
    .sort((a, b) => a.generation - b.generation);
}

export interface Persisted {
  seed: DataNode;
  namespaces: Map<string, DataNode>;
  /** The journal to append to next. */
  generation: number;
  snapshotBytes: number;
  /** Whether any journal existed (false on the first start over a whole-file database). */
  hadJournal: boolean;
  entries: number;
}

/**
 * The data file plus its journals, replayed in order. With `repair`, a torn last line is cut off
 * (so the next append starts a fresh line) and journals the snapshot already includes (left by a
 * crash between a snapshot's rename and their deletion) are deleted; without it nothing is touched.
 */
export async function loadPersisted(
  file: string,
  repair: boolean,
  log: (line: string) => void = () => undefined,
): Promise<Persisted> {
  const snapshot = await loadDataFile(file);
  const namespaces = snapshot.namespaces;
  if (repair) await removeUnfinishedSnapshots(file, log);
  const journals = await journalsOf(file);
  let entries = 0;
  for (const j of journals) {
    if (j.generation < snapshot.generation) {
      if (repair) await unlink(j.path);
      continue;
    }
    const contents = await readJournal(j.path);
    if (contents.tornBytes > 0 && repair) {
      log(
        `${j.path}: dropped an incomplete last line (${contents.tornBytes} bytes, cut short ` +
          `by a crash before it was acknowledged)`,
      );
      await truncateJournal(j.path, contents.goodBytes);
    }
    for (const entry of contents.entries) {
      try {
        const base = namespaces.has(entry.ns) ? namespaces.get(entry.ns) : snapshot.seed;
        namespaces.set(entry.ns, applyEntry(base ?? null, entry));
      } catch (e) {
        if (!(e instanceof DataError)) throw e;
        throw new DataError(
          `the journal ${j.path} holds a value that cannot be loaded: ${e.message}`,
        );
      }
    }
    entries += contents.entries.length;
  }
  return {
    seed: snapshot.seed,
    namespaces,
    generation: Math.max(journals.at(-1)?.generation ?? 0, snapshot.generation),
    snapshotBytes: snapshot.bytes,
    hadJournal: journals.length > 0,
    entries,
  };
}

/** A snapshot cut short by a crash before its rename: never part of the data, only disk space. */
async function removeUnfinishedSnapshots(file: string, log: (line: string) => void): Promise<void> {
  const prefix = `.${basename(file)}.`;
  for (const name of await readdir(dirname(file))) {
    if (!name.startsWith(prefix) || !/^\d+\.tmp$/.test(name.slice(prefix.length))) continue;
    await unlink(join(dirname(file), name));
    log(`${join(dirname(file), name)}: removed an unfinished snapshot left by a crash`);
  }
}
