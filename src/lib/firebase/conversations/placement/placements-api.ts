/**
 * What a directory's placements answer (placements.ts makes them): where each conversation and
 * person lives, the databases of the instances, and the bounded connections to them
 * (docs/scaling.md, "Past one database").
 */
import type { Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import type { InstancesConfig } from './shapes';
import type { Looks } from './looks';
import type { Reach } from './reach';
import type { SlotAccess } from './slot-access';

export interface Placements {
  /** The directory these placements are read from (the default instance's database). */
  readonly directory: Database;
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
  /**
   * Conversation `key`'s instance within the three connections (reach.ts): a send to a
   * conversation that is not open, a key wait or wrap, an edit, reaction, hide or read marker
   * (follow.ts), a quote or a photo read. At once when its placement is known.
   */
  reach(key: ConversationKey): Reach | Promise<Reach>;
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
   * After a write or listen of `key` refused on `refusedOn` (moves.ts): 'moved' once it is live
   * elsewhere, 'same' when live there with its mirror, 'moving' when its move outlasts `waitMs`,
   * null when not worth trying again.
   */
  afterRefusal(
    key: ConversationKey,
    refusedOn: Database,
    waitMs?: number,
  ): Promise<'moved' | 'same' | 'moving' | null>;
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
  /**
   * Calls `onChange` with whether the app is online, now and at each change: the home's
   * connection once the home is known, the directory's before (online.ts).
   */
  watchOnline(onChange: (online: boolean) => void): () => void;
  /**
   * The directory's value at `path` as stored now, never a listener's copy from before the
   * last look: over REST once the directory is in the slot (what security depends on: a
   * person's devices, identity, device list).
   */
  readDirectoryFresh(path: string): Promise<unknown>;
  /** The instances this client holds a connection to now (the directory included). */
  openInstances(): number[];
}
