/**
 * JavaScript a page actually loads: the script responses Chromium receives, matched to the
 * files of the build's outDir and gzipped (level 9) here, so the figure is what a compressing
 * server would send, independent of how the preview server encodes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

export interface ScriptSet {
  chunks: Chunk[];
  raw: number;
  gzip: number;
  /** Script URLs that were not files of the build (none expected). */
  unmatched: string[];
}

const gzipCache = new Map<string, Chunk>();

function measureFile(outDir: string, file: string): Chunk | null {
  const cached = gzipCache.get(file);
  if (cached) return cached;
  const path = normalize(join(outDir, file));
  if (!path.startsWith(outDir) || !existsSync(path)) return null;
  const bytes = readFileSync(path);
  const chunk = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  gzipCache.set(file, chunk);
  return chunk;
}

/** The gzipped size of `files` (paths relative to `outDir`), biggest first. */
export function measureFiles(outDir: string, files: Iterable<string>): ScriptSet {
  const chunks: Chunk[] = [];
  const unmatched: string[] = [];
  for (const file of files) {
    const chunk = measureFile(outDir, file);
    if (chunk) chunks.push(chunk);
    else unmatched.push(file);
  }
  chunks.sort((a, b) => b.gzip - a.gzip);
  return {
    chunks,
    raw: chunks.reduce((sum, c) => sum + c.raw, 0),
    gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    unmatched,
  };
}

/** Starts recording script responses of `page`; `stop()` returns what was loaded since. */
export function recordScripts(page: Page, outDir: string) {
  const urls = new Set<string>();
  const onResponse = (response: { request(): { resourceType(): string }; url(): string }) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  };
  page.on('response', onResponse);
  return {
    stop(): ScriptSet {
      page.off('response', onResponse);
      const files = [...urls].map((url) =>
        decodeURIComponent(new URL(url).pathname).replace(/^\/+/, ''),
      );
      const set = measureFiles(outDir, files);
      // Report what was not a file of the build by the URL the page asked for.
      return {
        ...set,
        unmatched: [...urls].filter((_, i) => set.unmatched.includes(files[i] ?? '')),
      };
    },
  };
}

/** Every JavaScript file of the build, for "what is lazy" context. */
export function buildTotals(outDir: string, files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const chunk = measureFile(outDir, file);
    if (chunk) {
      raw += chunk.raw;
      gzip += chunk.gzip;
    }
  }
  return { raw, gzip };
}

/**
 * The build files of the scripts `page` asked for before the performance mark `mark` (null
 * when the page never set it) and after it, by the Resource Timing entries: for home, its
 * first paint's JavaScript and the database chunk it loads after (src/app/signed-in.ts).
 */
export async function scriptsAroundMark(
  page: Page,
  mark: string,
): Promise<{ before: string[] | null; after: string[] }> {
  // No function is bound to a name in the page function: tsx (the bench's runner) wraps named
  // functions in a `__name` helper the page does not have.
  return page.evaluate((name) => {
    const at = performance.getEntriesByName(name).at(0)?.startTime;
    const [before, after] = [true, false].map((early) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && (at === undefined || e.startTime < at) === early)
        .map((e) => decodeURIComponent(new URL(e.name).pathname).replace(/^\/+/, ''))
        .sort(),
    );
    return { before: at === undefined ? null : before, after };
  }, mark);
}
