import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { DataNode } from '../data/node';
import { writeExport } from './export-writer';
import { syncDirectory } from './journal-file';

export interface SnapshotContents {
  generation: number;
  seed: DataNode;
  namespaces: [string, DataNode][];
}

/**
 * Writes a new data file beside the old one (fsynced), then renames it over it and fsyncs the
 * directory: a crash leaves the old file or the new one, never a torn one. Returns its size.
 */
export async function writeSnapshot(
  file: string,
  contents: SnapshotContents,
  sliceMs: number,
): Promise<number> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const handle = await open(tmp, 'w');
  let bytes = 0;
  const write = async (chunk: string | Buffer): Promise<void> => {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    await handle.appendFile(chunk);
  };
  try {
    await write(`{".generation":${contents.generation},".namespaces":{`);
    let first = true;
    for (const [name, root] of contents.namespaces) {
      await write(`${first ? '' : ','}${JSON.stringify(name)}:`);
      first = false;
      await writeExport(root, write, sliceMs);
    }
    await write('}');
    if (contents.seed !== null) {
      await write(',".seed":');
      await writeExport(contents.seed, write, sliceMs);
    }
    await write('}');
    await handle.sync();
  } catch (e) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await handle.close();
  try {
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDirectory(dirname(file));
  return bytes;
}
