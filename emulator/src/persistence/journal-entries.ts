import { open, readFile } from 'node:fs/promises';
import { DataError } from '../data/errors';
import { fromJson, toJson } from '../data/json';
import { type DataNode, getAt, setAt } from '../data/node';
import type { Path } from '../data/path';

/**
 * One journal line per commit: `{"ns": "<namespace>", "w": [["a/b", <export>], ...]}`, each
 * location written with its value after the commit (server values already resolved). Replaying
 * the assignments in order rebuilds the same root.
 */
export function encodeEntry(ns: string, root: DataNode, touched: readonly Path[]): string {
  const w = touched.map((p) => [p.join('/'), toJson(getAt(root, p), true)]);
  return JSON.stringify({ ns, w });
}

export interface Entry {
  ns: string;
  w: [string, unknown][];
}

function isEntry(v: unknown): v is Entry {
  if (v === null || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.ns === 'string' &&
    Array.isArray(e.w) &&
    e.w.every((x) => Array.isArray(x) && x.length === 2 && typeof x[0] === 'string')
  );
}

export function applyEntry(root: DataNode, entry: Entry): DataNode {
  let out = root;
  for (const [p, value] of entry.w) {
    const path = p === '' ? [] : p.split('/');
    out = setAt(out, path, fromJson(value, path.length));
  }
  return out;
}

export interface JournalContents {
  entries: Entry[];
  /** Bytes up to the end of the last complete line: what to keep of the file. */
  goodBytes: number;
  /** Bytes of an incomplete last line (a write cut short by a crash); 0 when none. */
  tornBytes: number;
}

/**
 * Reads a journal. A last line without its newline was being written when the process died
 * and was never acknowledged, so it is dropped; a damaged line anywhere else stops the start.
 */
export async function readJournal(file: string): Promise<JournalContents> {
  const buf = await readFile(file);
  const end = buf.lastIndexOf(0x0a) + 1;
  const text = buf.subarray(0, end).toString('utf8');
  const entries: Entry[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (line === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (e) {
      throw new DataError(damaged(file, lineNo, `not valid JSON: ${(e as Error).message}`));
    }
    if (!isEntry(parsed)) throw new DataError(damaged(file, lineNo, 'not a journal entry'));
    entries.push(parsed);
  }
  return { entries, goodBytes: end, tornBytes: buf.length - end };
}

function damaged(file: string, line: number, why: string): string {
  return (
    `the journal ${file} is damaged at line ${line} (${why}). Nothing was changed or deleted: ` +
    `restore it from a copy, or move the data file and its journals away to start empty.`
  );
}

/** Cuts a torn last line off so that the next append starts on a line of its own. */
export async function truncateJournal(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
