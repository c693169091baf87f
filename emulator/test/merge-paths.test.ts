import { describe, expect, it } from 'vitest';
import { DataError, MAX_DEPTH, MAX_PATH_BYTES } from '../src/data/errors';
import { fromJson, toJson } from '../src/data/json';
import { type DataNode, setAt } from '../src/data/node';
import { mergeEntries, prepareMerge } from '../src/db/writes';

/** The merge's checks of its whole paths (base + key), which the hot path shortcuts. */
describe('update paths', () => {
  it('joins the base and each key, sorted checks aside', () => {
    expect(mergeEntries(['a'], { 'b/c': 1, d: 2 })).toEqual([
      [['a', 'b', 'c'], 1],
      [['a', 'd'], 2],
    ]);
  });

  it('refuses a path deeper than the limit only once base and key are joined', () => {
    const base = Array.from({ length: MAX_DEPTH - 1 }, (_, i) => `k${String(i)}`);
    expect(() => mergeEntries(base, { x: 1 })).not.toThrow();
    expect(() => mergeEntries(base, { 'x/y': 1 })).toThrow(/maximum depth/);
  });

  it('refuses a path longer than the limit in UTF-8 bytes, not in characters', () => {
    // 3 bytes per character: short in characters, over the limit in bytes.
    const wide = '€'.repeat(Math.ceil(MAX_PATH_BYTES / 3 / 2));
    expect(() => mergeEntries([wide], { [wide]: 1 })).toThrow(/maximum length/);
    const narrow = 'a'.repeat(Math.floor(MAX_PATH_BYTES / 2) - 1);
    expect(() => mergeEntries([narrow], { [narrow]: 1 })).not.toThrow();
  });

  it('refuses keys below a base that ends in .priority (REST)', () => {
    expect(() => mergeEntries(['a', '.priority'], { b: 1 })).toThrow(DataError);
  });

  it('refuses overlapping keys', () => {
    expect(() => mergeEntries(['a'], { b: 1, 'b/c': 2 })).toThrow(/overlap/);
  });
});

/** An update applied one path at a time, as prepareMerge did before it rebuilt shared branches once. */
function oneByOne(base: DataNode, update: Record<string, unknown>): DataNode {
  let root = base;
  for (const [abs, value] of mergeEntries([], update)) root = setAt(root, abs, fromJson(value));
  return root;
}

describe('an update applied at once', () => {
  const base = fromJson({
    inbox: { u1: { r1: { unread: 2, lastText: 'a' } }, u2: 'leaf', '.priority': 3 },
    leafWithPriority: { '.value': 'x', '.priority': 1 },
    other: { keep: true },
    p: { k: { a: 1 }, '.priority': 3 },
  });
  it.each<[string, Record<string, unknown>]>([
    ['sets and adds', { 'inbox/u1/r1/unread': 3, 'inbox/u1/r1/lastAt': 5, 'inbox/u3/r1/x': 1 }],
    ['replaces a leaf by a branch', { 'inbox/u2/a': 1, 'inbox/u2/b': { c: 2 } }],
    [
      'keeps a leaf priority on the new branch',
      { 'leafWithPriority/a': 1, 'leafWithPriority/b': 2 },
    ],
    ['interleaves keys', { 'inbox/u1/r1/a': 1, 'other/b': 2, 'inbox/u1/r2/c': 3, 'other/d': 4 }],
    ['deletes', { 'inbox/u1/r1/unread': null, 'inbox/u1/r1/lastText': null, 'inbox/u9': 1 }],
    [
      'deletes and re-adds under a prioritised branch',
      { 'inbox/u1': null, 'inbox/u2': null, 'inbox/x': 1 },
    ],
    // One by one, `p` is emptied (losing its priority) before `k/b` refills it.
    ['empties and refills a prioritised branch', { 'p/k/a': null, 'p/k/b': 2 }],
    ['sets priorities', { 'inbox/u1/.priority': 7, 'inbox/u1/r1/unread': 4 }],
  ])('%s: as one path at a time', (_, update) => {
    const { newRoot } = prepareMerge(base, [], update, 0);
    expect(toJson(newRoot, true)).toEqual(toJson(oneByOne(base, update), true));
  });
});
