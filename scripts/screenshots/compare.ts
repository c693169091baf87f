import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface ImageDiff {
  name: string;
  /** Pixels whose RGBA differs at all. */
  pixels: number;
  /** The image's size in pixels (0 when the sizes differ or one side is missing). */
  total: number;
  /** Why the two could not be compared pixel by pixel, if they could not. */
  problem?: string;
  /** The pixels that differ in red over a faded copy of the first image (pixelmatch). */
  diffPng?: Buffer;
}

/** Compares two PNGs byte for byte per pixel: no threshold, anti-aliased pixels included. */
export function comparePngs(name: string, before: Buffer, after: Buffer): ImageDiff {
  const a = PNG.sync.read(before);
  const b = PNG.sync.read(after);
  if (a.width !== b.width || a.height !== b.height) {
    return {
      name,
      pixels: 0,
      total: 0,
      problem: `size ${String(a.width)}x${String(a.height)} vs ${String(b.width)}x${String(b.height)}`,
    };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: 0,
    includeAA: true,
  });
  return { name, pixels, total: a.width * a.height, diffPng: PNG.sync.write(diff) };
}

/** Every PNG in `beforeDir` against the file of the same name in `afterDir`. */
export function compareFolders(beforeDir: string, afterDir: string): ImageDiff[] {
  const names = readdirSync(beforeDir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  return names.map((name) => {
    const afterPath = join(afterDir, name);
    if (!existsSync(afterPath)) return { name, pixels: 0, total: 0, problem: 'missing after' };
    return comparePngs(name, readFileSync(join(beforeDir, name)), readFileSync(afterPath));
  });
}

/**
 * `tsx scripts/screenshots/compare.ts BEFORE AFTER [DIFFS]`: per screenshot, how many pixels
 * differ (e.g. the browser suite's test-artifacts/screenshots before and after a CSS change).
 * Writes a diff image per differing screenshot into DIFFS when given. Exits 1 on any difference.
 */
function main(argv: string[]) {
  const [beforeDir, afterDir, diffDir] = argv;
  if (!beforeDir || !afterDir) {
    console.error('usage: tsx scripts/screenshots/compare.ts BEFORE_DIR AFTER_DIR [DIFF_DIR]');
    process.exit(2);
  }
  const results = compareFolders(beforeDir, afterDir);
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  let differing = 0;
  for (const r of results) {
    if (r.problem || r.pixels > 0) differing += 1;
    const share = r.total ? ` (${((100 * r.pixels) / r.total).toFixed(3)}%)` : '';
    console.log(`${r.name}: ${r.problem ?? `${String(r.pixels)} px differ${share}`}`);
    if (diffDir && r.diffPng && r.pixels > 0) writeFileSync(join(diffDir, r.name), r.diffPng);
  }
  console.log(`${String(differing)} of ${String(results.length)} screenshots differ`);
  process.exit(differing ? 1 : 0);
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(resolve(script)).href) main(process.argv.slice(2));
