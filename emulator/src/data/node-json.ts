import { type Json, toJson } from './json';
import { Branch, type DataNode } from './node';

/**
 * A branch's export-format JSON text, computed once per branch: the tree is immutable, so a
 * message that stays in many query windows (the latest page of a conversation) is serialised
 * once, not once per listener and per commit. Weakly held: it goes with its branch.
 */
const texts = new WeakMap<Branch, string>();
/** Larger texts are not kept: a listen on a big subtree would hold a second copy of it. */
const MAX_CACHED_CHARS = 64 * 1024;

/** Exactly `JSON.stringify(toJson(n, true))`. */
export function nodeJsonText(n: DataNode): string {
  if (!(n instanceof Branch)) return JSON.stringify(toJson(n, true));
  let text = texts.get(n);
  if (text === undefined) {
    text = JSON.stringify(toJson(n, true));
    if (text.length <= MAX_CACHED_CHARS) texts.set(n, text);
  }
  return text;
}

/** An array index key, which JSON.stringify would move to the front of an object. */
function isIndexKey(k: string): boolean {
  return /^(0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;
}

/**
 * Exactly `JSON.stringify` of an object holding the entries' values in export format, in the
 * entries' order (null when there are none), from the cached texts of the values.
 */
export function entriesJsonText(entries: Iterable<readonly [string, DataNode]>): string {
  const parts: string[] = [];
  for (const [k, v] of entries) {
    if (isIndexKey(k)) return JSON.stringify(objectOf(entries));
    parts.push(`${JSON.stringify(k)}:${nodeJsonText(v)}`);
  }
  return parts.length === 0 ? 'null' : `{${parts.join(',')}}`;
}

function objectOf(entries: Iterable<readonly [string, DataNode]>): Json {
  const out: Record<string, Json> = {};
  for (const [k, v] of entries) out[k] = toJson(v, true);
  return out;
}
