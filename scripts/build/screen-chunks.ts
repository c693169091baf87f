/**
 * Chunk grouping for the production build (vite.config.ts). Automatic splitting cuts what the
 * signed-in home loads into about forty chunks, by which lazy screens share each module, and
 * every one pays its own gzip window and import/export glue. Here the module graph decides a few
 * chunks instead: what every screen runs, the Auth SDK, what only signed-in screens load, and
 * the database SDK they load after their first paint.
 * A signed-out screen never loads the signed-in chunk.
 */
import { dirname, resolve } from 'node:path';

interface ModuleInfo {
  code: string | null;
  importedIds: string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** Re-exports (`export { a, b as c } from './x'`) and named imports (`import { a } from './x'`). */
const reExports = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const namedImports = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const comments = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const namespaceImport = /import\s*\*/;

/** The names under which `code` exports (`exported: true`) or imports them, per specifier. */
function namesBySpecifier(code: string, pattern: RegExp, exported: boolean) {
  const bySpecifier = new Map<string, Map<string, string>>();
  for (const [, list = '', specifier = ''] of code.matchAll(pattern)) {
    const names = bySpecifier.get(specifier) ?? new Map<string, string>();
    for (const part of list.split(',')) {
      // `a`, `a as b` or `type T` (types are gone from the transformed code, but be safe).
      const pieces = part.trim().split(/\s+as\s+/);
      const from = pieces[0]?.trim() ?? '';
      if (!from || from.startsWith('type ')) continue;
      names.set(exported ? (pieces.at(-1)?.trim() ?? from) : from, from);
    }
    bySpecifier.set(specifier, names);
  }
  return bySpecifier;
}

/** The id among `ids` that a relative `specifier` written in module `from` resolves to. */
function resolveIn(from: string, specifier: string, ids: string[]): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return ids.find(
    (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
  );
}

/**
 * The modules statically reachable from `roots`. A barrel (a module of re-exports only) is
 * followed only to the modules behind the names its importer takes, as tree-shaking does:
 * otherwise home's `import { NotificationBadge } from '../notifications'` would count the
 * whole notifications screen as home's.
 */
export function reachable(roots: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, { id: string; name: string }> | null>();
  /**
   * For a barrel: exported name → the module behind it and its name there; null when `id` is no
   * barrel.
   */
  const barrelOf = (id: string): Map<string, { id: string; name: string }> | null => {
    if (barrels.has(id)) return barrels.get(id) ?? null;
    const info = ctx.getModuleInfo(id);
    const code = info?.code?.replace(comments, '') ?? '';
    const isBarrel =
      !id.includes('node_modules') &&
      code.trim() !== '' &&
      code.replace(reExports, '').replace(/[\s;]/g, '') === '';
    let map: Map<string, { id: string; name: string }> | null = null;
    if (isBarrel && info) {
      map = new Map();
      for (const [specifier, names] of namesBySpecifier(code, reExports, true)) {
        const target = resolveIn(id, specifier, info.importedIds);
        if (target) for (const [name, from] of names) map.set(name, { id: target, name: from });
      }
    }
    barrels.set(id, map);
    return map;
  };
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    const imports = namesBySpecifier((info.code ?? '').replace(comments, ''), namedImports, false);
    const barrelNames = new Map<string, string[]>();
    for (const [specifier, names] of imports) {
      const target = resolveIn(id, specifier, info.importedIds);
      if (target) barrelNames.set(target, [...(barrelNames.get(target) ?? []), ...names.keys()]);
    }
    for (const dep of info.importedIds) {
      const barrel = barrelOf(dep);
      const names = barrelNames.get(dep);
      // A barrel imported only by name: follow the modules behind those names (and keep the
      // barrel itself, which holds no code). Anything else, e.g. `import * as`: follow it all.
      if (barrel && names && !namespaceImport.test(info.code ?? '')) {
        seen.add(dep);
        for (const name of names) {
          // Through a barrel of barrels (a feature's index.ts re-exporting its folders'),
          // to the module that holds the name.
          let behind = barrel.get(name);
          for (let inner = behind && barrelOf(behind.id); behind && inner;) {
            seen.add(behind.id);
            behind = inner.get(behind.name);
            inner = behind && barrelOf(behind.id);
          }
          if (behind) stack.push(behind.id);
        }
      } else {
        stack.push(dep);
      }
    }
  }
  return seen;
}

export interface ScreenChunkRoots {
  /** The entry (main.tsx): its own modules stay in the entry chunk. */
  entry: string[];
  /** What every screen runs (bootstrap.tsx): one chunk, not a dozen shared slivers. */
  core: string[];
  /** The signed-out screens (login, register): their own modules are split automatically. */
  signedOut: string[];
  /** The Auth SDK and its gateway: loaded by a signed-out screen only when the visitor acts. */
  auth: string[];
  /** What a cold start of the signed-in home draws its first screen with. */
  signedIn: string[];
  /** The database SDK and its gateways, loaded just after the signed-in first paint. */
  database: string[];
}

/**
 * A `codeSplitting.groups[].name` function: 'core' for what every screen runs (plus what the
 * signed-out and signed-in screens share), 'auth' for the Auth SDK, 'signed-in' for what only
 * signed-in screens load, 'database' for the database SDK and gateways they load after their
 * first paint; null leaves a module to automatic splitting.
 */
export function screenChunks(roots: ScreenChunkRoots) {
  let names: Map<string, string> | null = null;
  const build = (ctx: ChunkingContext) => {
    const entry = reachable(roots.entry, ctx);
    const core = reachable(roots.core, ctx);
    const signedOut = reachable(roots.signedOut, ctx);
    const auth = reachable(roots.auth, ctx);
    const signedIn = reachable(roots.signedIn, ctx);
    const database = reachable(roots.database, ctx);
    const map = new Map<string, string>();
    const put = (ids: Iterable<string>, name: string) => {
      for (const id of ids) if (!entry.has(id) && !map.has(id)) map.set(id, name);
    };
    put(core, 'core');
    put(
      [...signedOut].filter((id) => signedIn.has(id) || auth.has(id)),
      'core',
    );
    put(
      [...auth].filter((id) => !signedOut.has(id)),
      'auth',
    );
    put(
      [...signedIn].filter((id) => !signedOut.has(id)),
      'signed-in',
    );
    put(
      [...database].filter((id) => !signedOut.has(id)),
      'database',
    );
    return map;
  };
  // Computed once per build, on the first call, when the whole graph is known.
  return (id: string, ctx: ChunkingContext): string | null => {
    names ??= build(ctx);
    return names.get(id) ?? null;
  };
}
