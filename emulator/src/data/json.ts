import { DataError, MAX_DEPTH, MAX_STRING_BYTES } from './errors';
import { keyProblem, nameCompare } from './keys';
import { Branch, type DataNode, Leaf, type Primitive, type Priority, forEachChild } from './node';
import { treeFromSorted } from './sorted-map';

/**
 * Converts export-format JSON (`.value`/`.priority`, arrays as objects) into a node,
 * validating keys, depth and sizes on the way. `depth` is the depth of the target location.
 */
export function fromJson(json: unknown, depth = 0): DataNode {
  if (depth > MAX_DEPTH) throw new DataError(`Path exceeds the maximum depth of ${MAX_DEPTH}`);
  if (json === null || json === undefined) return null;
  if (typeof json === 'string') {
    checkString(json);
    return json;
  }
  if (typeof json === 'number') {
    if (!Number.isFinite(json)) throw new DataError('Numbers must be finite');
    return json;
  }
  if (typeof json === 'boolean') return json;
  if (typeof json !== 'object') throw new DataError(`Unsupported value type ${typeof json}`);
  if (Array.isArray(json))
    return fromEntries(
      json.map((v, i) => [String(i), v]),
      null,
      depth,
    );
  const obj = json as Record<string, unknown>;
  if ('.sv' in obj) throw new DataError('Unsupported server value');
  const priority = toPriority(obj['.priority']);
  if ('.value' in obj) {
    for (const k of Object.keys(obj)) {
      if (k !== '.value' && k !== '.priority') {
        throw new DataError('.value cannot be used alongside other children');
      }
    }
    const inner = fromJson(obj['.value'], depth);
    if (inner instanceof Branch) throw new DataError('.value must be a primitive');
    if (inner === null || inner instanceof Leaf || priority === null) return inner;
    return new Leaf(inner, priority);
  }
  const entries: [string, unknown][] = [];
  for (const k of Object.keys(obj)) {
    if (k === '.priority') continue;
    const problem = keyProblem(k);
    if (problem) throw new DataError(`Invalid key "${printableKey(k)}": ${problem}`);
    entries.push([k, obj[k]]);
  }
  return fromEntries(entries, priority, depth);
}

function fromEntries(entries: [string, unknown][], priority: Priority, depth: number): DataNode {
  const nodes: [string, DataNode][] = [];
  for (const [k, v] of entries) {
    const n = fromJson(v, depth + 1);
    if (n !== null) nodes.push([k, n]);
  }
  if (nodes.length === 0) return null;
  nodes.sort((a, b) => nameCompare(a[0], b[0]));
  const tree = treeFromSorted(nodes);
  return tree ? new Branch(tree, priority) : null;
}

export function toPriority(v: unknown): Priority {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    checkString(v);
    return v;
  }
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new DataError('Priority must be a string, a number or null');
}

function checkString(s: string): void {
  if (s.length * 3 > MAX_STRING_BYTES && Buffer.byteLength(s, 'utf8') > MAX_STRING_BYTES) {
    throw new DataError('String exceeds the maximum size of 10 MB');
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/g;

function printable(s: string): string {
  return s.replace(CONTROL_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A key for an error message: control characters escaped, very long keys shortened. */
export function printableKey(k: string): string {
  return printable(k.length > 40 ? `${k.slice(0, 40)}…` : k);
}

export type Json = Primitive | null | { [key: string]: Json } | Json[];

/** Export format keeps priorities; plain format is what `val()` and REST return. */
export function toJson(n: DataNode, exportFormat: boolean): Json {
  if (n === null) return null;
  if (n instanceof Leaf)
    return exportFormat ? { '.value': n.value, '.priority': n.priority } : n.value;
  if (!(n instanceof Branch)) return n;
  const out: Record<string, Json> = {};
  let allInts = !exportFormat;
  let maxIndex = 0;
  let count = 0;
  forEachChild(n, (k, child) => {
    out[k] = toJson(child, exportFormat);
    count++;
    if (allInts) {
      if (/^(0|[1-9]\d{0,8})$/.test(k)) maxIndex = Math.max(maxIndex, Number(k));
      else allInts = false;
    }
    return false;
  });
  if (exportFormat && n.priority !== null) out['.priority'] = n.priority;
  // Mirrors the SDK's val(): dense integer-keyed objects read back as arrays.
  if (allInts && maxIndex < 2 * count) {
    const arr: Json[] = [];
    for (let i = 0; i <= maxIndex; i++) arr.push(out[String(i)] ?? null);
    return arr;
  }
  return out;
}
