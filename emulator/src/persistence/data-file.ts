import { readFile } from 'node:fs/promises';
import { DataError } from '../data/errors';
import { fromJson, type Json, toJson } from '../data/json';
import type { DataNode } from '../data/node';
import type { Namespace } from '../db/namespace';

/**
 * The `--data` file. A plain export (`GET /.json?format=export`) seeds every namespace on first
 * use, like `--rules`. Once the emulator writes it, the file becomes
 * `{".namespaces": {"<ns>": <export>}, ".seed": <export>}`; keys starting with "." cannot be
 * data keys, so the two shapes cannot be confused.
 */
export interface DataFileContents {
  seed: DataNode;
  namespaces: Map<string, DataNode>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export async function loadDataFile(file: string): Promise<DataFileContents> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { seed: null, namespaces: new Map() };
    throw e;
  }
  if (text.trim() === '') return { seed: null, namespaces: new Map() };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DataError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (isRecord(json) && isRecord(json['.namespaces'])) {
    const namespaces = new Map<string, DataNode>();
    for (const [name, data] of Object.entries(json['.namespaces']))
      namespaces.set(name, fromJson(data));
    return { seed: fromJson(json['.seed'] ?? null), namespaces };
  }
  return { seed: fromJson(json), namespaces: new Map() };
}

export function serializeDataFile(seed: DataNode, namespaces: Namespace[]): string {
  const out: Record<string, Json> = {};
  for (const ns of namespaces) out[ns.name] = toJson(ns.root, true);
  const file: Record<string, Json> = { '.namespaces': out };
  if (seed !== null) file['.seed'] = toJson(seed, true);
  return JSON.stringify(file);
}
