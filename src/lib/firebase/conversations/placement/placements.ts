/**
 * Which database instance holds a conversation (docs/scaling.md, "Past one database"): read
 * from the directory (`config/instances`, followed live, then the conversation's `placement`,
 * cached for the session: a placement is written once and changes only by an admin's move),
 * never guessed.
 * With one instance configured (or none) every conversation is on the default instance, so
 * nothing is read per conversation.
 */
import { get, goOffline, goOnline, onValue, ref, type Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import {
  DEFAULT_INSTANCE,
  parseHome,
  parseInstancesConfig,
  parsePlacement,
  placementPath,
  type InstancesConfig,
} from './shapes';
import { connectorOf, restConnectorOf, timesOf } from './connectors';
import { makeConnections } from './connections';
import { inSlotOnceHomeKnown } from './directory-looks';
import { makeLooks } from './looks';
import { mirrorPolled, mirrorThere } from './mirror-wait';
import { afterRefusal } from './moves';
import type { Placements } from './placements-api';
import { makeReach } from './reach';
import { overRest, overSocket, type SlotAccess } from './slot-access';

export type { Placements } from './placements-api';

/** How long a write refused for a missing mirror waits for it (the function takes ~1 s). */
const MIRROR_WAIT_MS = 15_000;

const known = new WeakMap<Database, Placements>();

/** The one placements cache of the directory `directory` (created on first use). */
export function placementsOf(directory: Database): Placements {
  const existing = known.get(directory);
  if (existing) return existing;
  const made = makePlacements(directory);
  known.set(directory, made);
  return made;
}

function makePlacements(directory: Database): Placements {
  // What is settled already, so a listener or a send on a known conversation starts at once.
  let single: boolean | null = null;
  // Live, so an instance an admin adds reaches clients already running; the first answer is
  // awaited, later ones replace it.
  let latest: InstancesConfig | null = null;
  let firstAnswer: Promise<InstancesConfig> | null = null;
  const config = (): Promise<InstancesConfig> => {
    if (latest) return Promise.resolve(latest);
    firstAnswer ??= new Promise<InstancesConfig>((resolve, reject) => {
      onValue(
        ref(directory, 'config/instances'),
        (snapshot) => {
          latest = parseInstancesConfig(snapshot.val());
          single = latest.count <= 1;
          resolve(latest);
        },
        (error) => {
          // Refused (signed out): asked again by the next call.
          firstAnswer = null;
          reject(error);
        },
      );
    });
    return firstAnswer;
  };
  const instances = new Map<number, Database>([[DEFAULT_INSTANCE, directory]]);
  const numbers = new Map<Database, number>([[directory, DEFAULT_INSTANCE]]);
  /** The REST address of `instance`, when this client was given one (connectors.ts). */
  const restFor = (instance: number) => {
    const url =
      instance === DEFAULT_INSTANCE ? directory.app.options.databaseURL : latest?.urls[instance];
    const restAt = restConnectorOf(directory);
    return url && restAt ? restAt(url) : null;
  };
  const switchTo = (instance: number, on: (db: Database) => void) => {
    const db = instances.get(instance);
    try {
      if (db) on(db);
    } catch {
      // Its app was deleted (signed out for good): an idle timer firing after is nothing.
    }
  };
  // The directory is kept until the home is known elsewhere, then in the slot (directory-looks).
  const connections = makeConnections(
    {
      online: (instance) => switchTo(instance, goOnline),
      offline: (instance) => switchTo(instance, goOffline),
    },
    [DEFAULT_INSTANCE],
    { canRest: (instance) => restFor(instance) !== null, idleMs: () => timesOf(directory).idleMs },
  );
  const directoryInSlot = inSlotOnceHomeKnown(
    directory,
    connections,
    () => timesOf(directory).directoryLookMs,
  );
  /** One use of `db` outside the slot's queue (a write, a read, a listen about to be held). */
  const used = (db: Database): Database => {
    const instance = numbers.get(db);
    if (instance !== undefined && instance !== DEFAULT_INSTANCE) connections.touch(instance);
    return db;
  };
  const cached = new Map<ConversationKey, Promise<number>>();
  const homes = new Map<string, Promise<number>>();
  const settled = new Map<ConversationKey, number>();

  const readOnce = <K>(cache: Map<K, Promise<number>>, key: K, read: () => Promise<number>) => {
    const cached = cache.get(key);
    if (cached) return cached;
    const reading = read().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, reading);
    return reading;
  };

  const isSingle = async () => {
    single = (await config()).count <= 1;
    return single;
  };

  const databaseFor = async (instance: number): Promise<Database> => {
    const open = instances.get(instance);
    if (open) return open;
    const url = (await config()).urls[instance];
    const databaseAt = connectorOf(directory);
    if (!url || !databaseAt) {
      const why = url ? 'reachable from this client' : 'configured in config/instances';
      throw new Error(`Database instance ${String(instance)} is not ${why}`);
    }
    const database = databaseAt(url);
    instances.set(instance, database);
    numbers.set(database, instance);
    return database;
  };

  const instanceOf = async (key: ConversationKey): Promise<number> => {
    if (await isSingle()) return DEFAULT_INSTANCE;
    return readOnce(cached, key, async () => {
      const placement = parsePlacement((await get(ref(directory, placementPath(key)))).val());
      const instance = placement?.instance ?? DEFAULT_INSTANCE;
      settled.set(key, instance);
      return instance;
    });
  };

  // Read even with one instance: a placement written with the accept must equal it.
  const homeOf = (uid: string): Promise<number> =>
    readOnce(homes, uid, async () => {
      return parseHome((await get(ref(directory, `homes/${uid}`))).val()) ?? DEFAULT_INSTANCE;
    });

  const knownDatabaseOf = (key: ConversationKey): Database | undefined => {
    if (single) return directory;
    const instance = settled.get(key);
    const db = instance === undefined ? undefined : instances.get(instance);
    return db && used(db);
  };

  const databaseOf = async (key: ConversationKey) => used(await databaseFor(await instanceOf(key)));

  const throughSlot = async <T>(instance: number, work: (at: SlotAccess) => Promise<T>) => {
    const db = await databaseFor(instance);
    const rest = restFor(instance);
    return connections.useSlot(instance, (route) =>
      work(route === 'rest' && rest ? overRest(rest) : overSocket(db)),
    );
  };
  const { reach, isPinned } = makeReach({
    knownInstanceOf: (key) => (single ? DEFAULT_INSTANCE : settled.get(key)),
    instanceOf,
    madeFor: (instance) => instances.get(instance),
    databaseFor,
    watchPinned: connections.watchPinned,
    throughSlot,
  });
  const looks = makeLooks({
    databaseFor,
    throughSlot,
    watchPinned: connections.watchPinned,
  });

  const placements: Placements = {
    directory,
    config,
    homeOf,
    instanceOf,
    databaseOf,
    databaseFor,
    knownDatabaseOf,
    whereIs: (key) => knownDatabaseOf(key) ?? databaseOf(key),
    knownInstanceOf: (key) => (single ? DEFAULT_INSTANCE : settled.get(key)),
    reach,
    mirrorLanded: async (key, waitMs = MIRROR_WAIT_MS) => {
      const instance = await instanceOf(key);
      if (instance === DEFAULT_INSTANCE) return false;
      const db = await databaseFor(instance);
      const path = placementPath(key);
      // Live where a connection is open anyway; elsewhere polled, never a fourth connection.
      if (isPinned(instance)) return mirrorThere(db, path, waitMs);
      return mirrorPolled(() => throughSlot(instance, (at) => at.read(path)), waitMs);
    },
    forget: (key) => {
      cached.delete(key);
      settled.delete(key);
    },
    afterRefusal: (key, refusedOn, waitMs) => afterRefusal(placements, key, refusedOn, waitMs),
    // Asked for the signed-in person's home only: it is kept open from then on.
    homeOfNow: (uid) =>
      single
        ? directory
        : isSingle().then(async (one) => {
            if (one) return directory;
            const home = await homeOf(uid);
            connections.keep(home);
            const homeDb = await databaseFor(home);
            directoryInSlot.homeIs(uid, home, homeDb, restFor(DEFAULT_INSTANCE) !== null);
            return homeDb;
          }),
    isSharded: async () => !(await isSingle()),
    holdOn: (db) => {
      const instance = numbers.get(db);
      return instance === undefined ? () => undefined : connections.hold(instance);
    },
    throughSlot,
    watchOnline: directoryInSlot.watchOnline,
    readDirectoryFresh: async (path) => {
      const rest = directoryInSlot.inSlot() ? restFor(DEFAULT_INSTANCE) : null;
      if (rest) return overRest(rest).read(path);
      return (await get(ref(directory, path))).val() as unknown;
    },
    readPlaced: async (key, path) => {
      const instance = await instanceOf(key);
      if (instance === DEFAULT_INSTANCE) return (await get(ref(directory, path))).val() as unknown;
      return throughSlot(instance, (at) => at.read(path));
    },
    lookAt: looks.lookAt,
    followWithinBound: looks.followWithinBound,
    whenSlotCloses: (instance, stop) => connections.whenClosed(instance, stop),
    openInstances: () => connections.openNow(),
  };
  return placements;
}
