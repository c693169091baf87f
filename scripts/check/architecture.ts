/**
 * What `npm run architecture:check` asks of `src/`: an import graph without circles
 * (type imports included) whose arrows only point down the layers, every file named by one
 * convention, each feature folder a domain whose slices, listeners, thunks and selectors carry
 * its name, gateway modules and integration/browser tests named after a domain, and
 * docs/architecture.md naming every feature. Pure functions of paths and text, so tests can feed
 * them a broken tree; scripts/architecture.ts reads the real one.
 */
import { dirname, join, normalize } from 'node:path';
import { DOMAINS, namedAfter } from './domains';

/** A module of src/ (path relative to src, with its extension) and what it imports. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Bottom up: each layer may import its own and lower layers only. */
export const LAYERS: ReadonlyArray<{ name: string; match: (path: string) => boolean }> = [
  {
    name: 'base (lib, components, config, store, strings, prerender markers)',
    match: (p) =>
      /^(lib|components|config|store|strings)\/|^strings\.ts$/.test(p) ||
      (p.startsWith('prerender/') && p !== 'prerender/render.tsx'),
  },
  { name: 'features', match: (p) => p.startsWith('features/') },
  { name: 'app shell', match: (p) => p.startsWith('app/') },
  { name: 'entries (main, prerender/render, testing)', match: () => true },
];

export function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.match(path));
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?\sfrom\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm;

/** The relative imports of `file`, resolved against the set of known paths. */
export function importsOf(file: SourceFile, known: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const match of file.text.matchAll(IMPORT)) {
    const spec = match.slice(1).find(Boolean);
    if (!spec) continue;
    const base = normalize(join(dirname(file.path), spec));
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ending) => base + ending)
      .find((candidate) => known.has(candidate));
    if (target) out.add(target);
  }
  return [...out];
}

export type Graph = ReadonlyMap<string, readonly string[]>;

export function importGraph(files: readonly SourceFile[]): Graph {
  const known = new Set(files.map((f) => f.path));
  return new Map(files.map((f) => [f.path, importsOf(f, known)]));
}

/** The import circles: strongly connected components of more than one module, or a self-import. */
export function importCircles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** Imports from a lower layer into a higher one (`from -> to`). */
export function upwardArrows(graph: Graph): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (layerOf(to) > layerOf(from)) out.push(`${from} -> ${to}`);
  }
  return out;
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*\.(?:ts|tsx|css)$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*(?:\.test)?\.tsx$/;
/** Modules whose name says a domain's part: they must carry the domain's name. */
const DOMAIN_PARTS = /-(slice|listeners|thunks|selectors)\.ts$/;

/** Lib modules that belong to no one domain: the SDK's setup and shared record shapes. */
export const LIB_INFRASTRUCTURE = [
  'app',
  'database',
  'records',
  'scoped-query',
  'on-disconnect-use',
];
/** Test files that span domains: the whole app in a browser, the dev stack, the demo data. */
export const CROSS_DOMAIN_TESTS = ['app', 'stack', 'demo', 'migrations'];

/** Naming problems of src/ paths (relative to src) and of tests/integration|e2e file names. */
export function namingProblems(
  srcPaths: readonly string[],
  tests: { integration: readonly string[]; e2e: readonly string[] },
): string[] {
  const problems: string[] = [];
  const features = new Set<string>();
  for (const path of srcPaths) {
    const name = path.split('/').at(-1)!;
    if (!KEBAB.test(name) && !PASCAL.test(name))
      problems.push(`src/${path}: name files in kebab-case (components in PascalCase .tsx)`);
    const feature = /^features\/([^/]+)\//.exec(path)?.[1];
    if (feature) {
      features.add(feature);
      if (DOMAIN_PARTS.test(name) && namedAfter(name, [feature]) !== feature)
        problems.push(
          `src/${path}: a ${feature} slice/listener/thunk/selector file starts with "${feature}-"`,
        );
    }
    if (path.startsWith('lib/firebase/') && !namedAfter(name, [...DOMAINS, ...LIB_INFRASTRUCTURE]))
      problems.push(`src/${path}: a gateway module starts with its domain's name`);
  }
  for (const feature of features) {
    if (!(DOMAINS as readonly string[]).includes(feature))
      problems.push(
        `src/features/${feature}: a feature folder is a domain (${DOMAINS.join(', ')})`,
      );
  }
  for (const [dir, files] of Object.entries(tests)) {
    for (const file of files) {
      if (!namedAfter(file, [...DOMAINS, ...CROSS_DOMAIN_TESTS]))
        problems.push(
          `tests/${dir}/${file}: start with a domain name or ${CROSS_DOMAIN_TESTS.join('-, ')}-`,
        );
    }
  }
  return problems;
}

/** Features (folders of src/features) that docs/architecture.md does not name as `features/x`. */
export function undocumentedFeatures(features: readonly string[], doc: string): string[] {
  return features
    .filter((feature) => !new RegExp(`features/${feature}\\b`).test(doc))
    .map((feature) => `docs/architecture.md does not list features/${feature}`);
}
