/**
 * The mirror function's local twin (docs/scaling.md): our emulator fires no function triggers,
 * so this admin listener runs the same functions/src/mirror.ts beside it (and the hint relay,
 * relay.ts). It follows each
 * mirrored tree of the directory's namespace over REST streaming (the `owner` token) and writes
 * what mirror.ts says to each instance's namespace. The first answer of each stream is the whole
 * tree, so a (re)start backfills every mirror. Against the official emulator suite the Functions
 * emulator runs functions/src/index.ts instead.
 */
import { mirrorWrites, type DirectoryReads } from '../../functions/src/mirror';
import { dbRest, type AdminTarget } from './admin';
import { recordsBefore } from './mirror-before';
import { writeMirror } from './mirror-write';
import { startRelay } from './relay';
import { follow } from './rest-stream';

/** The directory trees the mirrors follow, and how deep a change names its record. */
const TREES: readonly {
  tree: string;
  depth: number;
  as?: (key: string[]) => string[];
  /** mirror.ts needs the value each write replaced (a home's move is told from it). */
  withBefore?: true;
}[] = [
  { tree: 'placement', depth: 2 },
  { tree: 'friendList', depth: 1 },
  { tree: 'block', depth: 1 },
  { tree: 'Mygroup', depth: 1 },
  { tree: 'groupMembership', depth: 1 },
  { tree: 'users', depth: 1 },
  {
    tree: 'settings',
    depth: 1,
    as: ([uid = '']) => [`settings/${uid}/readReceipts`, `settings/${uid}/showPresence`],
  },
  { tree: 'homes', depth: 1, withBefore: true },
];

export interface MirrorProcess {
  /** Resolves once every change seen so far is mirrored. */
  idle(): Promise<void>;
  stop(): void;
}

/** Record keys a server-sent `put`/`patch` event touched, `depth` segments deep. */
function touched(event: { path: string; data: unknown }, kind: string, depth: number): string[][] {
  const at = event.path.split('/').filter(Boolean);
  const keys =
    kind === 'patch' && typeof event.data === 'object' && event.data !== null
      ? Object.keys(event.data).map((key) => [...at, ...key.split('/').filter(Boolean)])
      : at.length >= depth
        ? [at]
        : // A put above the records (the first answer): every record under it.
          recordsUnder(at, event.data, depth);
  return keys.filter((key) => key.length >= depth).map((key) => key.slice(0, depth));
}

function recordsUnder(at: string[], data: unknown, depth: number): string[][] {
  if (at.length >= depth) return [at];
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) => recordsUnder([...at, key], value, depth));
}

/** How often a mirror is computed again when a move's write raced it. */
const RACES = 5;

/** Admin reads of `directory` over REST, as mirror.ts asks for them. */
export function restReads(directory: AdminTarget): DirectoryReads {
  return {
    get: (path) => dbRest(directory, 'GET', path),
    where: async (path, child, value) =>
      ((await dbRest(directory, 'GET', path, undefined, {
        orderBy: JSON.stringify(child),
        equalTo: JSON.stringify(value),
      })) ?? {}) as Record<string, unknown>,
  };
}

/**
 * Mirrors directory path `path` once, as one trigger would: reads the directory, then (after
 * `afterRead`, which a test uses to delay a trigger across a move) writes each instance's share.
 * A share whose placement a move changed meanwhile is computed again from the directory.
 */
export async function mirrorPath(
  path: string,
  reads: DirectoryReads,
  instanceTarget: (instance: number) => AdminTarget,
  afterRead: () => Promise<void> = () => Promise.resolve(),
  before?: unknown,
): Promise<void> {
  for (let race = 0; ; race++) {
    const writes = await mirrorWrites(path, reads, before);
    await afterRead();
    let raced = false;
    for (const write of writes) {
      if ((await writeMirror(instanceTarget(write.instance), write)) === 'raced') raced = true;
    }
    if (!raced) return;
    if (race === RACES) throw new Error(`the placement of ${path} kept changing while mirrored`);
  }
}

/**
 * Starts mirroring `directory` to the namespaces `instanceTarget` names. `log` hears failures
 * (a mirror that could not be written is tried again with the record's next change or restart).
 */
export function startMirror(
  directory: AdminTarget,
  instanceTarget: (instance: number) => AdminTarget,
  log: (line: string) => void = () => undefined,
): MirrorProcess {
  const reads = restReads(directory);
  let queue = Promise.resolve();
  const mirror = (path: string, before?: unknown) => {
    queue = queue
      .then(() => mirrorPath(path, reads, instanceTarget, undefined, before))
      .catch((error: unknown) => log(`mirror of ${path} failed: ${String(error)}`));
  };
  const aborts = TREES.map(({ tree, depth, as, withBefore }) => {
    const abort = new AbortController();
    const beforeOf = withBefore ? recordsBefore() : null;
    void follow(directory, tree, abort.signal, (kind, event) => {
      const before = beforeOf?.(kind, event);
      for (const key of touched(event, kind, depth))
        for (const path of as ? as(key) : [`${tree}/${key.join('/')}`])
          mirror(path, before?.get(key.join('/')));
    }).catch((error: unknown) => {
      if (!abort.signal.aborted) log(`mirror stream of ${tree} ended: ${String(error)}`);
    });
    return abort;
  });
  // The hint relay runs in the same process (instance 0 is the directory itself).
  const relay = startRelay(
    directory,
    (instance) => (instance === 0 ? directory : instanceTarget(instance)),
    reads,
    log,
  );
  return {
    idle: async () => {
      // A change may queue another while the queue drains: wait until it stays empty.
      for (;;) {
        const current = queue;
        await current;
        if (current === queue) break;
      }
      await relay.idle();
    },
    stop: () => {
      for (const abort of aborts) abort.abort();
      relay.stop();
    },
  };
}
