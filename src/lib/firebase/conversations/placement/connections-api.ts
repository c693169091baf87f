/**
 * What the bounded connections answer (connections.ts makes them, docs/scaling.md, "Bounded
 * connections"): the instances kept, held and in the slot, and how slot work is routed.
 */

/** How slot work reaches its instance: its WebSocket, or one-shot REST requests. */
export type SlotRoute = 'socket' | 'rest';

export interface ConnectionSwitch {
  online(instance: number): void;
  offline(instance: number): void;
}

export interface ConnectionOptions {
  /** How long the slot stays open unused, asked at each use (a test's client shortens it). */
  idleMs?: () => number | undefined;
  max?: number;
  /** Whether slot work on `instance` can go over REST (a client made without it cannot). */
  canRest?: (instance: number) => boolean;
}

export interface InstanceState {
  /** Listeners holding it open (the open conversation's). */
  holds: number;
  /** Slot work over its WebSocket in progress (a look's first read, a hint's write). */
  busy: number;
  /** Switched on by us: it may hold a WebSocket (one never used holds none). */
  on: boolean;
  /** Wanted on (held, or used directly) while all three are taken: off until one is free. */
  waiting: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** What stops with the connection: a look's kept listeners. */
  onClose: Set<() => void>;
}

export interface Connections {
  /** Kept open, never closed: the person's home, and the directory until the home is known. */
  keep(instance: number): void;
  /**
   * No longer kept: from now on `instance` is opened through the slot like any other, and
   * closed once idle (the directory, once the home is known elsewhere).
   */
  release(instance: number): void;
  /** Holds `instance` open until the returned release (a listener of the open conversation). */
  hold(instance: number): () => void;
  /** One direct use of `instance` now: opened through the slot, or waiting for room. */
  touch(instance: number): void;
  /**
   * A direct use of `instance` that lasts until the returned end (a write until acknowledged,
   * a read until answered): as `touch`, and the slot is neither closed nor given away meanwhile.
   */
  use(instance: number): () => void;
  /**
   * Runs `work` on `instance`, one at a time (looks go one after another), told its route:
   * the WebSocket when the instance is open or the slot can take it, else REST.
   */
  useSlot<T>(instance: number, work: (route: SlotRoute) => Promise<T>): Promise<T>;
  /** Calls `stop` when `instance` leaves the slot (closed, or taken by another instance). */
  whenClosed(instance: number, stop: () => void): () => void;
  /** The instances switched on now, the kept ones included (for figures and tests). */
  openNow(): number[];
  /**
   * Calls `onChange` with whether `instance` is pinned (kept, or held by listeners), now and
   * at each change: what follows it live without a hold of its own does so only while pinned.
   */
  watchPinned: (instance: number, onChange: (pinned: boolean) => void) => () => void;
}
