// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareFolders, comparePngs } from '../../scripts/screenshots/compare';

/** A width x height PNG filled with one colour, with the listed pixels set to another. */
function png(width: number, height: number, marks: Array<[number, number]> = [], shade = 0) {
  const image = new PNG({ width, height });
  image.data.fill(255);
  for (const [x, y] of marks) {
    const i = (y * width + x) * 4;
    image.data[i] = shade;
    image.data[i + 1] = shade;
    image.data[i + 2] = shade;
  }
  return PNG.sync.write(image);
}

describe('screenshot comparison', () => {
  it('counts no pixel for identical images', () => {
    expect(comparePngs('a.png', png(8, 4), png(8, 4))).toMatchObject({ pixels: 0, total: 32 });
  });

  it('counts every changed pixel, even one level of one channel', () => {
    expect(
      comparePngs(
        'a.png',
        png(8, 4),
        png(8, 4, [
          [0, 0],
          [7, 3],
        ]),
      ).pixels,
    ).toBe(2);
    expect(comparePngs('a.png', png(8, 4), png(8, 4, [[3, 2]], 254)).pixels).toBe(1);
  });

  it('reports a size change instead of comparing', () => {
    const diff = comparePngs('a.png', png(8, 4), png(4, 8));
    expect(diff.problem).toBe('size 8x4 vs 4x8');
  });

  it('pairs folders by file name and reports a screenshot missing after', () => {
    const before = mkdtempSync(join(tmpdir(), 'shots-before-'));
    const after = mkdtempSync(join(tmpdir(), 'shots-after-'));
    writeFileSync(join(before, 'home.png'), png(4, 4));
    writeFileSync(join(after, 'home.png'), png(4, 4, [[1, 1]]));
    writeFileSync(join(before, 'login.png'), png(4, 4));
    const results = compareFolders(before, after);
    expect(results.map((r) => [r.name, r.pixels, r.problem])).toEqual([
      ['home.png', 1, undefined],
      ['login.png', 0, 'missing after'],
    ]);
  });
});
