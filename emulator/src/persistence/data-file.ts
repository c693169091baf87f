import { readFile } from 'node:fs/promises';
import { DataError } from '../data/errors';
import { fromJson } from '../data/json';
import type { DataNode } from '../data/node';

/**
 * The `--data` file, which is the snapshot the journal builds on. A plain export
 * (`GET /.json?format=export`) seeds every namespace on first use, like `--rules`. Once the
 * emulator writes it, it is `{".generation": n, ".namespaces": {"<ns>": <export>}, ".seed": <export>}`:
 * journals numbered `n` and up hold the writes made since. Files written before the journal
 * existed have no `.generation` (0). Keys starting with "." cannot be data keys, so the shapes
 * cannot be confused.
 */
export interface DataFileContents {
  seed: DataNode;
  namespaces: Map<string, DataNode>;
  generation: number;
  /** Size on disk, in bytes (0 when the file does not exist yet). */
  bytes: number;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function corrupt(file: string, why: string): DataError {
  return new DataError(
    `the data file ${file} is damaged (${why}). Nothing was changed or deleted: restore it from ` +
      `a copy, or move it away to start with an empty database.`,
  );
}

export async function loadDataFile(file: string): Promise<DataFileContents> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { seed: null, namespaces: new Map(), generation: 0, bytes: 0 };
    throw e;
  }
  const bytes = Buffer.byteLength(text);
  if (text.trim() === '') return { seed: null, namespaces: new Map(), generation: 0, bytes };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw corrupt(file, `not valid JSON: ${(e as Error).message}`);
  }
  try {
    if (isRecord(json) && isRecord(json['.namespaces'])) {
      const namespaces = new Map<string, DataNode>();
      for (const [name, data] of Object.entries(json['.namespaces']))
        namespaces.set(name, fromJson(data));
      const generation = json['.generation'] ?? 0;
      if (typeof generation !== 'number' || !Number.isSafeInteger(generation) || generation < 0)
        throw new DataError('".generation" is not a journal number');
      return { seed: fromJson(json['.seed'] ?? null), namespaces, generation, bytes };
    }
    return { seed: fromJson(json), namespaces: new Map(), generation: 0, bytes };
  } catch (e) {
    if (e instanceof DataError) throw corrupt(file, e.message);
    throw e;
  }
}
