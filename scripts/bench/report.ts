/** Plain-text tables for the bench's output. Numbers are right-aligned, text left-aligned. */
import type { ScriptSet } from './scripts-size';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
export const int = (value: number) => value.toLocaleString('en-US');

const numeric = /^[\d.,\s%×x-]*(kB|ms|MB|s)?$/;

export function table(title: string, header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => {
        const width = widths[c] ?? 0;
        return c > 0 && numeric.test(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [`\n${title}`, line(header), rule, ...rows.map(line)].join('\n');
}

export function scriptRow(label: string, set: ScriptSet): string[] {
  return [label, int(set.chunks.length), kb(set.raw), kb(set.gzip)];
}

/** The biggest chunks of any of the sets, with the screens that load each. */
export function biggestChunks(sets: Record<string, ScriptSet>, limit: number): string[][] {
  const seen = new Map<string, { raw: number; gzip: number; where: string[] }>();
  for (const [screen, set] of Object.entries(sets)) {
    for (const chunk of set.chunks) {
      const entry = seen.get(chunk.file) ?? { raw: chunk.raw, gzip: chunk.gzip, where: [] };
      entry.where.push(screen);
      seen.set(chunk.file, entry);
    }
  }
  return [...seen.entries()]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .slice(0, limit)
    .map(([file, c]) => [file, kb(c.raw), kb(c.gzip), c.where.join(', ')]);
}
