import { DataError, MAX_DEPTH, MAX_PATH_BYTES } from './errors';
import { printableKey } from './json';
import { keyProblem } from './keys';

export type Path = readonly string[];

export function parsePath(s: string): string[] {
  // Most paths have no empty segment to drop (every update key of a send): one split, no filter.
  if (s !== '' && s[0] !== '/' && s[s.length - 1] !== '/' && !s.includes('//')) return s.split('/');
  return s.split('/').filter((seg) => seg !== '');
}

export function pathString(p: Path): string {
  return '/' + p.join('/');
}

/** True when `a` equals `b` or is one of its ancestors. */
export function isAncestorOrSelf(a: Path, b: Path): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface PathRules {
  /** A trailing `.priority` segment (setPriority). */
  allowPriority?: boolean;
  /** Reads of `/.info/...` (handled by the client, but harmless). */
  allowInfo?: boolean;
}

/** Validates a client-supplied path string and splits it into segments. */
export function checkedPath(raw: unknown, rules: PathRules = {}): string[] {
  if (typeof raw !== 'string') throw new DataError('Path must be a string');
  const path = parsePath(raw);
  path.forEach((seg, i) => {
    if (rules.allowPriority && seg === '.priority' && i === path.length - 1) return;
    if (rules.allowInfo && seg === '.info' && i === 0) return;
    const problem = keyProblem(seg);
    if (problem) throw new DataError(`Invalid key "${printableKey(seg)}" in path: ${problem}`);
  });
  checkPathSize(path);
  return path;
}

/** The depth and length limits, for a path whose segments are known to be valid keys. */
export function checkPathSize(path: Path): void {
  if (path.length > MAX_DEPTH)
    throw new DataError(`Path exceeds the maximum depth of ${MAX_DEPTH}`);
  // A UTF-16 unit is at most 3 UTF-8 bytes: only a long path needs encoding to measure (hot path).
  let units = path.length - 1;
  for (const seg of path) units += seg.length;
  if (units * 3 > MAX_PATH_BYTES && Buffer.byteLength(path.join('/'), 'utf8') > MAX_PATH_BYTES) {
    throw new DataError(`Path exceeds the maximum length of ${MAX_PATH_BYTES} bytes`);
  }
}

export function checkWritablePath(path: Path): void {
  if (path[0] === '.info') throw new DataError('Cannot write to /.info');
}
