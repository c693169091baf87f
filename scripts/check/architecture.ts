/**
 * What `npm run architecture:check` asks of `src/`: an import graph without circles
 * (type imports included) whose arrows only point down the layers, every file named by one
 * convention, each feature folder a domain whose slices, listeners, thunks and selectors carry
 * its name, gateway modules and integration/browser tests named after a domain, and
 * docs/architecture.md naming every feature; sub-domain folders entered through their faces, no folder
 * of more than 30 modules, and gateway shapes that never load the SDK. Pure functions of paths and text, so tests can feed
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
    const gateway = /^lib\/firebase\/(?:([^/]+)\/)?[^/]+$/.exec(path);
    if (gateway && !(gateway[1] ? isDomain(gateway[1]) : namedAfter(name, LIB_INFRASTRUCTURE)))
      problems.push(
        `src/${path}: a gateway module lives in its domain's folder (lib/firebase/<domain>/)`,
      );
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

const isDomain = (name: string) => (DOMAINS as readonly string[]).includes(name);

/**
 * The sub-domain folder `path` sits in, if any: a folder inside a feature
 * (`features/conversations/composer`) or a gateway domain (`lib/firebase/inbox`). Modules outside
 * it use it through its faces only.
 */
export function faceFolderOf(path: string): string | undefined {
  return /^(features\/[^/]+\/[^/]+|lib\/firebase\/[^/]+)\/[^/]+$/.exec(path)?.[1];
}

/**
 * A folder's faces: `index.ts`, and for a gateway domain also `shapes.ts` (its stored shapes,
 * parsers and pure write builders, which a first screen may import without the database SDK).
 */
export const FACES = ['index.ts', 'shapes.ts'];

/**
 * Static imports that reach into a sub-domain folder past its faces (`from -> to`). A lazy
 * `import()` may name the one module it loads, so that its chunk stays its own; test support
 * (src/testing) may reach in, as tests do, to fake or seed one module; and the app shell, its
 * routes aside, wires a feature part's slices and listeners directly (keeping the parts' components
 * out of the first screen's chunks).
 */
export function facePassings(files: readonly SourceFile[]): string[] {
  const graph = importGraph(
    files.map((f) => ({
      path: f.path,
      text: f.text.replace(/import\(\s*['"][^'"]+['"]\s*\)/g, ''),
    })),
  );
  const out: string[] = [];
  for (const [from, targets] of graph) {
    if (from.startsWith('testing/')) continue;
    // The app shell (its routes aside) wires a feature part's slices and listeners directly.
    const shell = from.startsWith('app/') && !from.startsWith('app/routes/');
    for (const to of targets) {
      const folder = faceFolderOf(to);
      if (!folder || from.startsWith(`${folder}/`)) continue;
      if (shell && folder.startsWith('features/')) continue;
      const name = to.slice(folder.length + 1);
      const faces = folder.startsWith('lib/firebase/') ? FACES : FACES.slice(0, 1);
      if (!faces.includes(name)) out.push(`${from} -> ${to}`);
    }
  }
  return out;
}

/** At most this many modules (tests aside) in one folder: past it, a reader cannot scan it. */
export const FOLDER_LIMIT = 30;

/** Folders of more than FOLDER_LIMIT modules, with their count. */
export function crowdedFolders(modulePaths: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const path of modulePaths) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count > FOLDER_LIMIT)
    .map(([folder, count]) => `src/${folder}: ${count} modules, more than ${FOLDER_LIMIT}`);
}

const SDK_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"](?:firebase|@firebase)\//m;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b/;

/**
 * Gateway `shapes.ts` faces that load the database or Auth SDK, through any chain of value
 * imports (type imports are erased): a first screen imports shapes and must not download it.
 */
export function sdkInShapes(files: readonly SourceFile[]): string[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const known = new Set(byPath.keys());
  const valueImports = (file: SourceFile) =>
    importsOf(
      {
        path: file.path,
        text: file.text
          .split(/;\s*\n/)
          .filter((statement) => !TYPE_ONLY.test(statement))
          .join(';\n'),
      },
      known,
    );
  const out: string[] = [];
  for (const shapes of files.filter((f) => /^lib\/firebase\/[^/]+\/shapes\.ts$/.test(f.path))) {
    const seen = new Set([shapes.path]);
    const queue = [shapes.path];
    for (let path = queue.shift(); path; path = queue.shift()) {
      const file = byPath.get(path)!;
      if (SDK_IMPORT.test(file.text)) {
        out.push(`src/${shapes.path} loads the SDK through src/${path}`);
        break;
      }
      for (const next of valueImports(file)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return out;
}

/** Features (folders of src/features) that docs/architecture.md does not name as `features/x`. */
export function undocumentedFeatures(features: readonly string[], doc: string): string[] {
  return features
    .filter((feature) => !new RegExp(`features/${feature}\\b`).test(doc))
    .map((feature) => `docs/architecture.md does not list features/${feature}`);
}
