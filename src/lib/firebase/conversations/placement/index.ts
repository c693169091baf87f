/**
 * Which database instance holds a conversation (docs/scaling.md, "Past one database"): read
 * from the directory (`config/instances`, followed live, then the conversation's `placement`,
 * cached for the session: a placement is written once and changes only by an admin's move),
 * never guessed.
 * With one instance configured (or none) every conversation is on the default instance, so
 * nothing is read per conversation.
 */
import {
  get,
  goOffline,
  goOnline,
  onValue,
  ref,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import {
  DEFAULT_INSTANCE,
  parseHome,
  parseInstancesConfig,
  parsePlacement,
  placementPath,
  type InstancesConfig,
} from './shapes';
import { connectorOf, restConnectorOf } from './connectors';
import { makeConnections } from './connections';
import { makeLooks, type Looks } from './looks';
import { overRest, overSocket, type SlotAccess } from './slot-access';

export type { SlotAccess } from './slot-access';

export interface Placements {
  /** The instances as configured (one when none is): the first answer, then followed live. */
  config(): Promise<InstancesConfig>;
  /** `uid`'s home instance (the default for someone registered before homes). */
  homeOf(uid: string): Promise<number>;
  /** The instance of conversation `key`. */
  instanceOf(key: ConversationKey): Promise<number>;
  /** The database that holds conversation `key`: `databaseFor` its placement. */
  databaseOf(key: ConversationKey): Promise<Database>;
  /** The database of `instance`. */
  databaseFor(instance: number): Promise<Database>;
  /** The instance of conversation `key` if already read (or one instance), else undefined. */
  knownInstanceOf(key: ConversationKey): number | undefined;
  /** The database of conversation `key` if already known (no read needed), else undefined. */
  knownDatabaseOf(key: ConversationKey): Database | undefined;
  /** The database of conversation `key`: at once when known, else once its placement is read. */
  whereIs(key: ConversationKey): Database | Promise<Database>;
  /** `uid`'s home database: at once with one instance, else once the home is read. */
  homeOfNow(uid: string): Database | Promise<Database>;
  /**
   * After a refusal on conversation `key`'s instance, which may be its mirror not having landed
   * there yet (docs/scaling.md, the mirrors): resolves true once the mirrored placement is there
   * (at once if it already is: it may have landed since the refusal, so one more try is worth
   * it), false for the directory's own conversations or when the mirror takes over `waitMs`.
   */
  mirrorLanded(key: ConversationKey, waitMs?: number): Promise<boolean>;
  /** Drops the cached placement of `key`, so the next use reads it again (after a move). */
  forget(key: ConversationKey): void;
  /**
   * Whether there is more than one instance: false until the configuration's first answer, so
   * a single-instance client does nothing of the rest below.
   */
  isSharded(): Promise<boolean>;
  /** Holds the connection of `db` (a conversation's instance) open while a listener is on it. */
  holdOn(db: Database): () => void;
  /**
   * Runs `work` on `instance` through the one slot connection (docs/scaling.md, "Bounded
   * connections"): one instance after another, the slot closed after 30 s unused; over REST
   * when the three connections are taken (`live` is then null).
   */
  throughSlot<T>(instance: number, work: (at: SlotAccess) => Promise<T>): Promise<T>;
  /**
   * One read of `path` on conversation `key`'s instance within the bound: by a connection open
   * anyway, the slot, or REST when the three are taken (a message an entry names).
   */
  readPlaced(key: ConversationKey, path: string): Promise<unknown>;
  /** A look at `instance` through the slot: `work`, then what is read at each look (looks.ts). */
  lookAt: Looks['lookAt'];
  /** Live where a connection is open anyway, else read at each look (looks.ts). */
  followWithinBound: Looks['followWithinBound'];
  /** Calls `stop` when `instance`'s slot connection closes (a look's kept listener). */
  whenSlotCloses(instance: number, stop: () => void): () => void;
  /** The instances this client holds a connection to now (the directory included). */
  openInstances(): number[];
}

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
    const url = latest?.urls[instance];
    const restAt = restConnectorOf(directory);
    return url && restAt ? restAt(url) : null;
  };
  // The directory is never closed: the app's other gateways listen there all along.
  const connections = makeConnections(
    {
      online: (instance) => {
        const db = instances.get(instance);
        if (db) goOnline(db);
      },
      offline: (instance) => {
        const db = instances.get(instance);
        if (db) goOffline(db);
      },
    },
    [DEFAULT_INSTANCE],
    { canRest: (instance) => restFor(instance) !== null },
  );
  /** One use of `db` outside the slot's queue (a write, a read, a listen about to be held). */
  const used = (db: Database): Database => {
    const instance = numbers.get(db);
    if (instance !== undefined && instance !== DEFAULT_INSTANCE) connections.touch(instance);
    return db;
  };
  const placements = new Map<ConversationKey, Promise<number>>();
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
    return readOnce(placements, key, async () => {
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
  const looks = makeLooks({
    databaseFor,
    throughSlot,
    watchPinned: connections.watchPinned,
  });

  return {
    config,
    homeOf,
    instanceOf,
    databaseOf,
    databaseFor,
    knownDatabaseOf,
    whereIs: (key) => knownDatabaseOf(key) ?? databaseOf(key),
    knownInstanceOf: (key) => (single ? DEFAULT_INSTANCE : settled.get(key)),
    mirrorLanded: async (key, waitMs = MIRROR_WAIT_MS) => {
      const instance = await instanceOf(key);
      if (instance === DEFAULT_INSTANCE) return false;
      const mirror = ref(used(await databaseFor(instance)), placementPath(key));
      return new Promise<boolean>((resolve) => {
        const settle = (landed: boolean) => {
          clearTimeout(timer);
          stop();
          resolve(landed);
        };
        const timer = setTimeout(() => settle(false), waitMs);
        const stop = onValue(
          mirror,
          (snapshot) => {
            if (snapshot.exists()) settle(true);
          },
          () => settle(false),
        );
      });
    },
    forget: (key) => {
      placements.delete(key);
      settled.delete(key);
    },
    // Asked for the signed-in person's home only: it is kept open from then on.
    homeOfNow: (uid) =>
      single
        ? directory
        : isSingle().then(async (one) => {
            if (one) return directory;
            const home = await homeOf(uid);
            connections.keep(home);
            return databaseFor(home);
          }),
    isSharded: async () => !(await isSingle()),
    holdOn: (db) => {
      const instance = numbers.get(db);
      return instance === undefined ? () => undefined : connections.hold(instance);
    },
    throughSlot,
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
}

/**
 * A listener on a database found at once or later (a placement being read): attached as soon
 * as it is known, unless stopped before; a failure to find it goes to `onError` like a refused
 * listen. `attach` gets the `onError` its listens report to.
 */
export function listenOn(
  where: Database | Promise<Database>,
  attach: (db: Database, onError: (error: Error) => void) => Unsubscribe,
  onError: (error: Error) => void,
): Unsubscribe {
  if (!(where instanceof Promise)) return attach(where, onError);
  let stop: Unsubscribe | null = null;
  let stopped = false;
  where.then(
    (db) => {
      if (!stopped) stop = attach(db, onError);
    },
    (error: unknown) => {
      if (!stopped) onError(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * A listener on conversation `key`, on its instance: as `listenOn`, and a listen refused because
 * the conversation's mirror had not landed there yet (opened at once after the accept) is
 * attached again once it has, instead of being reported.
 */
export function listenPlaced(
  placements: Placements,
  key: ConversationKey,
  attach: (db: Database, onError: (error: Error) => void) => Unsubscribe,
  onError: (error: Error) => void,
): Unsubscribe {
  let current: Unsubscribe = () => undefined;
  let stopped = false;
  let attempt = 0;
  // Held while attached: the open conversation's instance is one of the three connections.
  const held = (db: Database, onError: (error: Error) => void): Unsubscribe => {
    const release = placements.holdOn(db);
    const stop = attach(db, onError);
    return () => {
      stop();
      release();
    };
  };
  const start = () => {
    const mine = ++attempt;
    let failed = false;
    current = listenOn(placements.whereIs(key), held, (error) => {
      // One refusal cancels every SDK listener of the attach: the first one speaks for all.
      if (stopped || failed || mine !== attempt) return;
      failed = true;
      if (mine > 1 || !/permission[_ ]denied/i.test(error.message)) return onError(error);
      current();
      // Refused there: maybe moved away (docs/scaling.md, "Rebalancing"), so asked again.
      placements.forget(key);
      void placements.mirrorLanded(key).then((landed) => {
        if (stopped) return;
        if (landed) start();
        else onError(error);
      });
    });
  };
  start();
  return () => {
    stopped = true;
    current();
  };
}
