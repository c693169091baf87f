/**
 * Pre-fills a database for the soak's crash steps in seconds rather than minutes: chat-shaped
 * messages written straight into the data file while nothing runs on it (the bench's dataset).
 */
import { readFile, rm, unlink } from 'node:fs/promises';
import { writeDataset } from '../../emulator/bench/dataset';
import { fromJson } from '../../emulator/src/data/json';
import { setAt } from '../../emulator/src/data/node';
import { journalsOf, loadPersisted } from '../../emulator/src/persistence/load';
import { writeSnapshot } from '../../emulator/src/persistence/snapshot';

/** A whole-file database of about `mb` MB (the format before the journal: it is migrated). */
export async function writeFiller(file: string, mb: number): Promise<{ conversations: number }> {
  return { conversations: await writeDataset(file, mb) };
}

/**
 * Puts about `mb` MB of messages at `/soakFiller` of namespace `ns` in a stopped stack's data
 * file (replacing any earlier filler), as a compaction would: the data file and its journals
 * are read, and a new data file of the next generation replaces them.
 */
export async function fillStackData(
  file: string,
  ns: string,
  mb: number,
): Promise<{ conversations: number }> {
  const tmp = `${file}.filler.tmp`;
  const conversations = await writeDataset(tmp, mb);
  const filler = (JSON.parse(await readFile(tmp, 'utf8')) as { messages: unknown }).messages;
  await rm(tmp);
  const loaded = await loadPersisted(file, true);
  const root = loaded.namespaces.get(ns) ?? loaded.seed;
  loaded.namespaces.set(ns, setAt(root, ['soakFiller'], fromJson(filler, 1)));
  const generation = loaded.generation + 1;
  await writeSnapshot(
    file,
    { generation, seed: loaded.seed, namespaces: [...loaded.namespaces] },
    1000,
  );
  for (const j of await journalsOf(file)) if (j.generation < generation) await unlink(j.path);
  return { conversations };
}
