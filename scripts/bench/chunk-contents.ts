/**
 * What a built chunk is made of: its source map's mappings attribute every generated column
 * range to a source file, grouped here by npm package ("app" for src/). Minified bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map(Array.from({ length: 64 }, (_, i) => [BASE64.charAt(i), i]));

/** One segment's VLQ fields (relative values), per the source map v3 format. */
function decodeSegment(text: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const d = digit.get(c) ?? 0;
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function packageOf(source: string): string {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match?.[1]) return match[1];
  return /(^|\/)src\//.test(source) ? 'app (src/)' : 'other';
}

/** Minified bytes per package in `file` (relative to outDir), biggest first. */
export function chunkPackages(outDir: string, file: string): Array<[string, number]> {
  const path = join(outDir, file);
  if (!existsSync(`${path}.map`)) return [];
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const lines = readFileSync(path, 'utf8').split('\n');
  const bytes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    const starts: Array<[number, number | null]> = [];
    for (const fields of segments) {
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      starts.push([column, fields.length > 1 ? source : null]);
    }
    const length = lines[index]?.length ?? 0;
    starts.forEach(([start, src], i) => {
      const end = starts[i + 1]?.[0] ?? length;
      const name = src === null ? 'other' : packageOf(map.sources[src] ?? '');
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, end - start));
    });
  });
  return [...bytes.entries()].sort((a, b) => b[1] - a[1]);
}

/** Minified bytes per package over several chunks. */
export function packagesOf(outDir: string, files: string[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const file of files) {
    for (const [name, bytes] of chunkPackages(outDir, file)) {
      total.set(name, (total.get(name) ?? 0) + bytes);
    }
  }
  return total;
}
