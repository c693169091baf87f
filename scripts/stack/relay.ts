/**
 * The hint relay's local twin (docs/scaling.md, "The hint protocol"): our emulator fires no
 * function triggers, so this admin listener follows `groupMessages` on every instance's
 * namespace (the directory's too) and, for each new message, writes what
 * functions/src/relay.ts says to the members' homes. Started with the mirror (mirror.ts).
 */
import type { DirectoryReads } from '../../functions/src/mirror';
import { relayWrites } from '../../functions/src/relay';
import { dbRest, type AdminTarget } from './admin';
import { follow, type StreamEvent } from './rest-stream';

/** A message record (group, id, value) the event writes whole, `groupMessages/{g}/{id}`. */
function messagesIn(kind: string, event: StreamEvent): [string, string, unknown][] {
  const at = event.path.split('/').filter(Boolean);
  const found: [string, string, unknown][] = [];
  const walk = (path: string[], value: unknown) => {
    if (path.length === 2) {
      const [group = '', id = ''] = path;
      found.push([group, id, value]);
    } else if (path.length < 2 && typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) walk([...path, key], child);
    }
  };
  if (kind === 'patch' && typeof event.data === 'object' && event.data !== null) {
    for (const [key, value] of Object.entries(event.data)) {
      walk([...at, ...key.split('/').filter(Boolean)], value);
    }
  } else walk(at, event.data);
  return found;
}

interface RelayProcess {
  /** Resolves once every new message seen so far has its hints written. */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Relays the new group messages of instances 0…count−1 (`config/instances/count` of the
 * directory when started; instance 0 is the directory). Messages already there when a stream
 * starts are not new: their hints were due when they were sent (a lost hint only delays a badge
 * until the next sign-in's look).
 */
export function startRelay(
  directory: AdminTarget,
  targetOf: (instance: number) => AdminTarget,
  reads: DirectoryReads,
  log: (line: string) => void,
): RelayProcess {
  let queue = Promise.resolve();
  const aborts: AbortController[] = [];
  let stopped = false;
  const relay = (groupId: string, message: unknown) => {
    queue = queue
      .then(async () => {
        for (const { instance, changes } of await relayWrites(groupId, message, reads)) {
          await dbRest(targetOf(instance), 'PATCH', '/', changes);
        }
      })
      .catch((error: unknown) => log(`hint relay of group ${groupId} failed: ${String(error)}`));
  };
  const followInstance = (instance: number) => {
    const abort = new AbortController();
    aborts.push(abort);
    // Every message id seen on this instance: an edit or a reaction rewrites a message, it is
    // not a new one. The first answer (the whole tree) only fills it.
    const seen = new Set<string>();
    let first = true;
    void follow(targetOf(instance), 'groupMessages', abort.signal, (kind, event) => {
      for (const [group, id, value] of messagesIn(kind, event)) {
        const key = `${group}/${id}`;
        if (value === null || seen.has(key)) continue;
        seen.add(key);
        if (!first) relay(group, value);
      }
      first = false;
    }).catch((error: unknown) => {
      if (!abort.signal.aborted)
        log(`hint relay stream of instance ${String(instance)} ended: ${String(error)}`);
    });
  };
  const started = dbRest(directory, 'GET', 'config/instances/count').then(
    (count) => {
      const n = typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1;
      for (let instance = 0; instance < n && !stopped; instance++) followInstance(instance);
    },
    (error: unknown) => log(`hint relay could not read config/instances: ${String(error)}`),
  );
  return {
    idle: async () => {
      await started;
      for (;;) {
        const current = queue;
        await current;
        if (current === queue) return;
      }
    },
    stop: () => {
      stopped = true;
      for (const abort of aborts) abort.abort();
    },
  };
}
