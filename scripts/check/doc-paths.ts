/**
 * What `npm run architecture:check` asks of the documentation: every file or folder path a
 * document names exists, and every row of docs/architecture.md's domain tables names at least one
 * that does. Docs that name moved or deleted files send a newcomer looking for nothing. Pure
 * functions of paths and text, so tests can feed them a broken tree.
 */
import { posix } from 'node:path';

/** A markdown file (repository-relative path) and its text. */
export interface DocFile {
  path: string;
  text: string;
}

const EXTENSIONS = /\.(tsx?|mjs|cjs|js|json|md|css|html|sh|ya?ml)$/;
/** Top-level folders a folder path (ending in '/') must start with to count as a path. */
const ROOTS = /^(src|scripts|tests|emulator|docs|rules|public|eslint|\.ci)\//;
/** Placeholders (`src/features/X/X-slice.ts`, `<folder>-strings.ts`), globs and templates. */
const PLACEHOLDER = /[<>*{}[\]$|]|(^|\/)X(\/|-|\.|$)|\.\.\.|^\.\/|NNN/;
/**
 * Paths that are not in a checkout by design: made at run time (`.local/`, the build's `dist/`,
 * the emulator's data file), URL paths (`/.settings/rules.json`), firebase-js-sdk's sources.
 */
const NOT_IN_CHECKOUT = /^(\.local\/|dist\/|\/|packages\/)|^(database\.json|app\.html)$/;

/** The code spans and link targets of a markdown text, with the line each is on. */
function tokens(text: string): { token: string; line: number }[] {
  const out: { token: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const m of line.matchAll(/`([^`]+)`|\]\(([^)\s]+)\)/g)) {
      // The code span's group, else the link's: only one of the two matched.
      const raw = (m[1] as string | undefined) ?? m[2];
      for (const part of raw.split(/[\s,]+/)) out.push({ token: part, line: index + 1 });
    }
  });
  return out;
}

/** `token` as a path to check, or null when it is not a repository path. */
export function pathOf(token: string): string | null {
  if (/^[a-z]+:/i.test(token) || token.startsWith('#')) return null;
  const bare = token
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/[.,;:)]+$/, '')
    .replace(/^\(/, '');
  if (bare === '' || PLACEHOLDER.test(bare) || NOT_IN_CHECKOUT.test(bare)) return null;
  if (/^\.\w+$/.test(bare)) return null; // an extension alone ('.tsx')
  if (EXTENSIONS.test(bare) && /^[\w.@/-]+$/.test(bare)) return bare;
  if (bare.endsWith('/') && ROOTS.test(bare.replace(/^(\.\.\/)+/, ''))) return bare;
  return null;
}

/** Where a path named in `doc` may be found: beside the doc, from the root, or below src/. */
function candidates(docPath: string, path: string): string[] {
  const clean = path.replace(/\/$/, '');
  const dir = posix.dirname(docPath);
  const under = docPath.startsWith('emulator/') ? ['emulator', 'emulator/src'] : [];
  return [
    posix.normalize(posix.join(dir, clean)),
    clean,
    `src/${clean}`,
    ...under.map((root) => `${root}/${clean}`),
  ];
}

export interface RepoIndex {
  /** Every file and folder, repository-relative. */
  paths: ReadonlySet<string>;
  /** Every file's base name. */
  names: ReadonlySet<string>;
}

function exists(index: RepoIndex, docPath: string, path: string): boolean {
  if (!path.includes('/')) return index.names.has(path);
  return candidates(docPath, path).some((candidate) => index.paths.has(candidate));
}

/** 'docs/x.md:12 names src/gone.ts, which does not exist' for each missing path. */
export function missingDocPaths(docs: readonly DocFile[], index: RepoIndex): string[] {
  const problems: string[] = [];
  for (const doc of docs) {
    for (const { token, line } of tokens(doc.text)) {
      const path = pathOf(token);
      if (path !== null && !exists(index, doc.path, path))
        problems.push(`${doc.path}:${line} names ${path}, which does not exist`);
    }
  }
  return problems;
}

/**
 * Rows of the tables in `doc` whose first header cell is 'feature' or 'domain' that name no
 * existing path: a domain's row is where a newcomer starts looking.
 */
export function rowsNamingNoFile(doc: DocFile, index: RepoIndex): string[] {
  const problems: string[] = [];
  let inDomainTable = false;
  doc.text.split('\n').forEach((line, at) => {
    if (!line.startsWith('|')) {
      inDomainTable = false;
      return;
    }
    const first = line.split('|')[1]?.trim().toLowerCase() ?? '';
    if (first === 'feature' || first === 'domain') {
      inDomainTable = true;
      return;
    }
    if (!inDomainTable || /^-+$/.test(first)) return;
    const named = tokens(line)
      .map(({ token }) => pathOf(token) ?? folderOf(token))
      .filter((path): path is string => path !== null);
    if (!named.some((path) => exists(index, doc.path, path)))
      problems.push(`${doc.path}:${at + 1}: the row '${first}' names no existing file`);
  });
  return problems;
}

/** `features/auth` (a folder named without a trailing slash, as the domain tables do). */
function folderOf(token: string): string | null {
  return /^[\w-]+(\/[\w-]+)+$/.test(token) ? `${token}/` : null;
}
