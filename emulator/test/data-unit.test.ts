import { describe, expect, it } from 'vitest';
import { DataError } from '../src/data/errors';
import { fromJson, toJson } from '../src/data/json';
import { MAX_NAME, MIN_NAME, nameCompare } from '../src/data/keys';
import { getAt, setAt } from '../src/data/node';
import { treeEntries, treeGet, treeInsert, treeRemove } from '../src/data/sorted-map';
import { FrameAssembler, encodeFrames } from '../src/transport/framing';

describe('key order (nameCompare)', () => {
  it('puts int32-like keys first, numerically, shorter first on ties, then strings', () => {
    const keys = ['b', '10', 'a', '-1', '01', '1', '2147483648', '2147483647', '-', 'A', '0'];
    expect([...keys].sort(nameCompare)).toEqual([
      '-1',
      '0',
      '1',
      '01',
      '10',
      '2147483647',
      '-',
      '2147483648',
      'A',
      'a',
      'b',
    ]);
    expect(nameCompare(MIN_NAME, '-5')).toBeLessThan(0);
    expect(nameCompare('zzz', MAX_NAME)).toBeLessThan(0);
  });
});

describe('persistent sorted map', () => {
  it('agrees with a sorted array through random inserts and removals, sharing old versions', () => {
    let tree = treeInsert(null, 'seed', 0);
    const model = new Map<string, number>([['seed', 0]]);
    const snapshot = tree;
    let x = 12345;
    const rand = (): number => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 3000; i++) {
      const key = String(rand() % 500);
      if (rand() % 3 === 0) {
        tree = treeRemove(tree, key) ?? treeInsert(null, 'seed', 0);
        model.delete(key);
        if (model.size === 0) model.set('seed', 0);
      } else {
        tree = treeInsert(tree, key, i);
        model.set(key, i);
      }
    }
    const expected = [...model.entries()].sort((a, b) => nameCompare(a[0], b[0]));
    expect(treeEntries(tree)).toEqual(expected);
    expect(tree.size).toBe(model.size);
    expect(treeEntries(snapshot)).toEqual([['seed', 0]]);
    expect(treeGet(tree, 'nope')).toBeUndefined();
  });
});

describe('JSON conversion', () => {
  it('round-trips export format and reads dense integer keys back as arrays', () => {
    const data = { a: { '.value': 1, '.priority': 'p' }, b: { c: true, '.priority': 2 }, d: 'x' };
    expect(toJson(fromJson(data), true)).toEqual(data);
    expect(toJson(fromJson({ '0': 'a', '1': 'b', '3': 'd' }), false)).toEqual([
      'a',
      'b',
      null,
      'd',
    ]);
    expect(toJson(fromJson({ '0': 'a', '5': 'b' }), false)).toEqual({ '0': 'a', '5': 'b' });
    expect(fromJson({ a: null, b: {} })).toBeNull();
    expect(toJson(fromJson(['x', null, 'z']), true)).toEqual({ '0': 'x', '2': 'z' });
  });

  it('keeps priorities when children are written below a prioritised leaf, and drops empty nodes', () => {
    let root = fromJson({ a: { '.value': 1, '.priority': 3 } });
    root = setAt(root, ['a', 'b'], 2);
    expect(toJson(root, true)).toEqual({ a: { b: 2, '.priority': 3 } });
    root = setAt(root, ['a', 'b'], null);
    expect(root).toBeNull();
    expect(getAt(root, ['a'])).toBeNull();
  });

  it('rejects invalid keys, .value beside children and bad priorities', () => {
    for (const bad of [
      { 'a.b': 1 },
      { '': 1 },
      { '.value': 1, x: 2 },
      { '.priority': true, a: 1 },
    ]) {
      expect(() => fromJson(bad)).toThrow(DataError);
    }
  });
});

describe('framing', () => {
  it('splits long messages with a count frame and reassembles them', () => {
    const message = JSON.stringify({ s: 'x😀'.repeat(20_000) });
    const frames = encodeFrames(message);
    expect(Number(frames[0])).toBe(frames.length - 1);
    for (const f of frames.slice(1)) {
      expect(f.length).toBeLessThanOrEqual(16384);
      expect(f.length).toBeGreaterThan(0);
      // No frame may start with the low half of a surrogate pair.
      expect(/^[\uDC00-\uDFFF]/.test(f)).toBe(false);
    }
    const assembler = new FrameAssembler();
    const out = frames.map((f) => assembler.push(f));
    expect(out.at(-1)).toBe(message);
    expect(out.slice(0, -1).every((o) => o === null)).toBe(true);
    expect(assembler.push('0')).toBeNull();
    expect(encodeFrames('{"short":1}')).toEqual(['{"short":1}']);
  });
});
