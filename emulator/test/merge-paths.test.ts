import { describe, expect, it } from 'vitest';
import { DataError, MAX_DEPTH, MAX_PATH_BYTES } from '../src/data/errors';
import { mergeEntries } from '../src/db/writes';

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
