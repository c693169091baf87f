/**
 * Delivery latency between two Node SDK clients signed in as two friends: A pushes one
 * message at a time to their conversation, B listens to its newest message; each sample is
 * push() → B's child_added, on one clock (same process).
 */
import { deleteApp } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
import {
  goOffline,
  increment,
  limitToLast,
  onChildAdded,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  update,
} from 'firebase/database';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import type { AdminTarget } from '../stack/admin';
import { connectEmulatorApp } from '../stack/emulator-client';
import type { Person } from './seed';

let apps = 0;
const WARMUP = 5;

/** A Node SDK client of the local stack signed in as `person`; `close` takes it offline. */
export async function signInBenchClient(target: AdminTarget, person: Person, password: string) {
  const { app, auth, db } = connectEmulatorApp(target, `bench-client-${String(++apps)}`);
  await signInWithEmailAndPassword(auth, person.email, password);
  return {
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

export interface LatencyStats {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function messageLatency(
  target: AdminTarget,
  pair: { a: Person; b: Person; conversationId: string },
  password: string,
  count: number,
): Promise<LatencyStats> {
  const sender = await signInBenchClient(target, pair.a, password);
  const receiver = await signInBenchClient(target, pair.b, password).catch(async (err: unknown) => {
    await sender.close();
    throw err;
  });
  try {
    const path = `sendMessage/${pair.conversationId}`;
    let waiting: { id: string; resolve: (at: number) => void; reject: (e: Error) => void } | null =
      null;
    const newest = query(ref(receiver.db, path), orderByChild('createdAt'), limitToLast(1));
    const stop = onChildAdded(
      newest,
      (snap) => {
        if (waiting?.id === snap.key) waiting.resolve(performance.now());
      },
      (err) => waiting?.reject(err),
    );
    const send = async (i: number): Promise<number> => {
      const started = performance.now();
      // The app's send: the message with both inbox entries in one update.
      const key = push(ref(sender.db, path)).key;
      const parties = {
        conversationId: pair.conversationId,
        from: { uid: pair.a.uid, name: pair.a.username },
        to: { uid: pair.b.uid, name: pair.b.username },
      };
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      const text = `Latency probe ${String(i)}`;
      const pushed = update(ref(sender.db), directSendWrite(parties, key, text, server));
      let timer: NodeJS.Timeout | undefined;
      const at = await new Promise<number>((resolve, reject) => {
        waiting = { id: key, resolve, reject };
        // A refused write (rules) never reaches B: fail instead of waiting forever.
        pushed.then(undefined, reject);
        timer = setTimeout(() => reject(new Error(`message ${key} not delivered in 10 s`)), 10_000);
      }).finally(() => clearTimeout(timer));
      await pushed;
      return at - started;
    };
    // Warm-up (listen acknowledged, connections hot); not counted.
    for (let i = 0; i < WARMUP; i++) await send(-1 - i);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(await send(i));
    stop();
    const sorted = [...samples].sort((x, y) => x - y);
    return {
      samples: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
      mean: samples.reduce((s, v) => s + v, 0) / samples.length,
    };
  } finally {
    await Promise.all([sender.close(), receiver.close()]);
  }
}
