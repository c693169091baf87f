import { createHash } from 'node:crypto';
import { Branch, type DataNode, Leaf, type Priority, forEachChild } from './node';
import { comparePriorityEntries } from './priority-order';

/** The SDK's transaction hash (docs/protocol.md, "Transactions"); must match the client byte for byte. */
export function nodeHash(n: DataNode): string {
  if (n === null) return '';
  if (n instanceof Branch) {
    if (n.hashCache === undefined) n.hashCache = branchHash(n);
    return n.hashCache;
  }
  const value = n instanceof Leaf ? n.value : n;
  const prefix = n instanceof Leaf ? `priority:${priorityText(n.priority)}:` : '';
  return sha1(
    prefix + typeof value + ':' + (typeof value === 'number' ? doubleHex(value) : String(value)),
  );
}

function branchHash(n: Branch): string {
  let s = n.priority === null ? '' : `priority:${priorityText(n.priority)}:`;
  const entries: [string, DataNode][] = [];
  forEachChild(n, (k, c) => {
    entries.push([k, c]);
    return false;
  });
  entries.sort(comparePriorityEntries);
  for (const [k, c] of entries) {
    const h = nodeHash(c);
    if (h !== '') s += `:${k}:${h}`;
  }
  return s === '' ? '' : sha1(s);
}

function priorityText(p: Exclude<Priority, null>): string {
  return typeof p === 'number' ? `number:${doubleHex(p)}` : `string:${p}`;
}

function doubleHex(x: number): string {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(x);
  return buf.toString('hex');
}

function sha1(s: string): string {
  return createHash('sha1').update(s, 'utf8').digest('base64');
}
