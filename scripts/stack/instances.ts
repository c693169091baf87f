/**
 * The database instances of a local stack (docs/scaling.md, "Instances and what lives where"):
 * the directory (the project's default namespace, instance 0) and instances 1…N−1, each its own
 * namespace of the same emulator, with the same rules. An instance's rules tell it apart by the
 * admin-written `config/self` (absent on the directory); clients find the instances through the
 * directory's `config/instances`; the mirror process copies what each instance's rules read.
 * `npm start`, the test backends and the bench's stack all set them up here.
 */
import { dbRest, type AdminTarget } from './admin';
import { startMirror, type MirrorProcess } from './mirror';

/** How many instances a stack runs when CHATTY_INSTANCES does not say. */
export const DEFAULT_INSTANCES = 2;
/** More would only slow every reset down: the design's figures need no more locally. */
const MAX_INSTANCES = 8;

/** CHATTY_INSTANCES, checked: a whole number from 1 to 8, or the default when unset. */
export function instanceCount(env: Record<string, string | undefined> = process.env): number {
  const value = env.CHATTY_INSTANCES;
  if (value === undefined || value.trim() === '') return DEFAULT_INSTANCES;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTANCES) {
    throw new Error(
      `CHATTY_INSTANCES must be a whole number from 1 to ${String(MAX_INSTANCES)}, got "${value}"`,
    );
  }
  return count;
}

/**
 * Instance `n`'s namespace: the directory's own for 0, `<project>-i<n>` for the others (the
 * instance names firebase.json's deploy targets stand for on the demo project).
 */
export function instanceNamespace(
  directory: Pick<AdminTarget, 'projectId' | 'dbNamespace'>,
  n: number,
): string {
  return n === 0 ? directory.dbNamespace : `${directory.projectId}-i${String(n)}`;
}

/** The admin target of instance `n`: the same emulator, its own namespace. */
export function instanceTarget(directory: AdminTarget, n: number): AdminTarget {
  return { ...directory, dbNamespace: instanceNamespace(directory, n) };
}

/**
 * The URL a client opens instance `n` by. The emulator serves the namespace the URL's first
 * label names, so clients pointed at the emulator reach it there (src/lib/firebase/database.ts).
 */
export const instanceUrl = (directory: AdminTarget, n: number) =>
  `https://${instanceNamespace(directory, n)}.firebaseio.com`;

const range = (count: number) => Array.from({ length: count }, (_, n) => n);

/** `config/instances` for `count` instances, all open to new people. */
export function instancesConfig(directory: AdminTarget, count: number) {
  const others = range(count).slice(1);
  return {
    count,
    open: Object.fromEntries(range(count).map((n) => [n, true])),
    urls: Object.fromEntries(others.map((n) => [n, instanceUrl(directory, n)])),
  };
}

/** The instance count a directory's saved `config/instances` names (1 when it names none). */
async function savedCount(directory: AdminTarget): Promise<number> {
  const saved = await dbRest(directory, 'GET', 'config/instances/count');
  return typeof saved === 'number' && Number.isInteger(saved) && saved > 1 ? saved : 1;
}

/**
 * Writes what tells the instances apart and where they are: `config/self` on each instance but
 * the directory, `config/instances` on the directory (and on each instance, as the design
 * mirrors it). Idempotent. With one instance it writes nothing: the app then reads every
 * conversation on the directory, as before instances existed.
 */
export async function configureInstances(directory: AdminTarget, count: number): Promise<void> {
  if (count < 2) return;
  const config = instancesConfig(directory, count);
  await Promise.all(
    range(count).map((n) =>
      dbRest(instanceTarget(directory, n), 'PATCH', '/', {
        'config/instances': config,
        ...(n === 0 ? {} : { 'config/self': n }),
      }),
    ),
  );
}

/** Empties every instance's namespace and writes their configuration again (a test's reset). */
export async function resetInstances(directory: AdminTarget, count: number): Promise<void> {
  await Promise.all(
    range(count).map((n) => dbRest(instanceTarget(directory, n), 'PUT', '/', null)),
  );
  await configureInstances(directory, count);
}

export interface RunningInstances {
  count: number;
  /** Resolves once every directory change seen so far is mirrored (at once with one instance). */
  idle(): Promise<void>;
  /**
   * Whether every placement naming another instance is mirrored there (polled up to 30 s):
   * conversations there are served once it is (a client would wait for them meanwhile).
   */
  landed(): Promise<boolean>;
  stop(): void;
}

/**
 * Sets up `count` instances on a running backend and starts the mirror process between them.
 * A saved directory configured for more instances than asked keeps its count (its
 * conversations live there), and `log` says so.
 */
export async function startInstances(
  directory: AdminTarget,
  count: number,
  log: (line: string) => void = () => undefined,
): Promise<RunningInstances> {
  const saved = await savedCount(directory);
  if (saved > count) {
    log(
      `The saved data spans ${String(saved)} database instances, more than the ` +
        `${String(count)} asked for (CHATTY_INSTANCES): all ${String(saved)} are kept ` +
        '(`npm start -- --fresh` starts over).',
    );
  }
  const running = Math.max(count, saved);
  await configureInstances(directory, running);
  if (running < 2) {
    return {
      count: running,
      idle: () => Promise.resolve(),
      landed: () => Promise.resolve(true),
      stop: () => undefined,
    };
  }
  const mirror: MirrorProcess = startMirror(
    directory,
    (n) => instanceTarget(directory, n),
    (line) => log(line),
  );
  return {
    count: running,
    idle: () => mirror.idle(),
    landed: () => mirrorsLanded(directory, running),
    stop: () => mirror.stop(),
  };
}

const keysOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? Object.keys(value) : [];

/** Whether every placement naming another instance is mirrored there, polled up to `waitMs`. */
async function mirrorsLanded(directory: AdminTarget, count: number, waitMs = 30_000) {
  const placements = await dbRest(directory, 'GET', 'placement');
  const wanted = Object.entries(placements ?? {}).flatMap(([kind, byId]) =>
    Object.entries((byId ?? {}) as Record<string, unknown>).flatMap(([id, placement]) => {
      const { instance } = (placement ?? {}) as { instance?: unknown };
      return typeof instance === 'number' && instance > 0 && instance < count
        ? [{ instance, path: `${kind}/${id}` }]
        : [];
    }),
  );
  const until = Date.now() + waitMs;
  for (;;) {
    const landed = await Promise.all(
      range(count).map(async (n) => {
        const found = await Promise.all(
          ['direct', 'group'].map(async (kind) =>
            keysOf(
              await dbRest(instanceTarget(directory, n), 'GET', `placement/${kind}`, undefined, {
                shallow: 'true',
              }),
            ).map((id) => `${kind}/${id}`),
          ),
        );
        return new Set(found.flat());
      }),
    );
    if (wanted.every((w) => landed[w.instance]?.has(w.path))) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
