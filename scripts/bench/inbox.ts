/**
 * 6. The inbox: what one message costs in bytes now that it carries both inbox
 * entries, how long the receiver waits for the inbox event that turns into their badge, and how
 * long a typing signal takes to reach the friend. Two Node SDK clients, one clock.
 */
import { deleteApp } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
import {
  goOffline,
  increment,
  push,
  ref,
  remove,
  serverTimestamp,
  set,
  update,
  type Database,
} from 'firebase/database';
import { placementsOf } from '../../src/lib/firebase/conversations/placement';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { dbRest, type AdminTarget } from '../stack/admin';
import { connectEmulatorApp } from '../stack/emulator-client';
import type { LatencyStats } from './latency';
import { watch } from './db-watch';
import { onDirectory, type Place } from './placed';
import { int, ms, table } from './report';
import type { Person } from './seed';

const WARMUP = 5;
/** A typical chat line (about the median length of a text message). */
export const TYPICAL_TEXT = 'Are we still on for lunch tomorrow at 12?';

export interface InboxFigures {
  bytes: Array<{ label: string; message: number; inbox: number; frame: number; stored: number }>;
  inboxEvent: LatencyStats;
  acked: LatencyStats;
  typing: LatencyStats;
  /** The samples behind the three, kept for the instances comparison's intervals. */
  raw: { inboxEvent: number[]; acked: number[]; typing: number[] };
}

let apps = 0;
/**
 * A signed-in client and the database of conversation `conversationId`, found as the app finds
 * it (its placement on the directory) and held open as the open conversation's instance is.
 */
async function signIn(
  target: AdminTarget,
  person: Person,
  password: string,
  conversationId: string,
) {
  const { app, auth, db } = connectEmulatorApp(target, `bench-inbox-${String(++apps)}`);
  await signInWithEmailAndPassword(auth, person.email, password);
  const placements = placementsOf(db);
  const placed = await placements.databaseOf(`d:${conversationId}`);
  const release = placements.holdOn(placed);
  return {
    db: placed,
    close: () => (release(), goOffline(placed), goOffline(db), deleteApp(app)),
  };
}

export function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (p: number) =>
    sorted.at(Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)) ?? NaN;
  return {
    samples: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    mean: samples.reduce((s, v) => s + v, 0) / samples.length,
  };
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

type Pair = { a: Person; b: Person; conversationId: string };

/** Request sizes: the message alone (as the original product sent it) vs the one update with both entries. */
async function bytesPerMessage(there: AdminTarget, sender: Database, pair: Pair) {
  const parties = {
    conversationId: pair.conversationId,
    from: { uid: pair.a.uid, name: pair.a.username },
    to: { uid: pair.b.uid, name: pair.b.username },
  };
  const placeholders = { now: { '.sv': 'timestamp' }, plusOne: { '.sv': { increment: 1 } } };
  const rows = [];
  for (const [label, text] of [
    ['typical (41 chars)', TYPICAL_TEXT],
    ['long (1,000 chars)', 'x'.repeat(1000)],
  ] as const) {
    const id = push(ref(sender, `sendMessage/${pair.conversationId}`)).key;
    const whole = directSendWrite(parties, id, text, placeholders);
    const messagePath = `sendMessage/${pair.conversationId}/${id}`;
    const message = size(whole[messagePath]);
    // The SDK's frame for a root update: {"t":"d","d":{"r":n,"a":"m","b":{"p":"/","d":…}}}.
    const frame = size({ t: 'd', d: { r: 100, a: 'm', b: { p: '/', d: whole } } });
    await update(
      ref(sender),
      directSendWrite(parties, id, text, { now: serverTimestamp(), plusOne: increment(1) }),
    );
    const stored = await Promise.all([
      dbRest(there, 'GET', `/${messagePath}`),
      dbRest(there, 'GET', `/inbox/${pair.a.uid}/${pair.conversationId}`),
      dbRest(there, 'GET', `/inbox/${pair.b.uid}/${pair.conversationId}`),
    ]);
    rows.push({
      label,
      message,
      inbox: size(whole) - message,
      frame,
      stored: stored.reduce<number>((s, v) => s + size(v), 0),
    });
  }
  return rows;
}

/**
 * The inbox bench made ready to measure: the pair signed in, the bytes measured. `sample(n)`
 * takes n inbox probes then n typing probes (after a warm-up the first time); `finish()` signs
 * out. Split so that the instances comparison can take turns between two stacks, set by set.
 */
export interface InboxSession {
  sample(count: number): Promise<void>;
  finish(): Promise<InboxFigures>;
}

export async function prepareInbox(
  target: AdminTarget,
  pair: Pair,
  password: string,
  /** Where the pair's conversation is measured (the instances comparison moves it). */
  place: Place = onDirectory(target),
): Promise<InboxSession> {
  const there = await place(pair.conversationId, pair.a, pair.b);
  const sender = await signIn(target, pair.a, password, pair.conversationId);
  const receiver = await signIn(target, pair.b, password, pair.conversationId);
  const bytes = await bytesPerMessage(there, sender.db, pair).catch(async (error: unknown) => {
    await Promise.all([sender.close(), receiver.close()]);
    throw error;
  });
  const parties = {
    conversationId: pair.conversationId,
    from: { uid: pair.a.uid, name: pair.a.username },
    to: { uid: pair.b.uid, name: pair.b.username },
  };
  const raw = { inboxEvent: [] as number[], acked: [] as number[], typing: [] as number[] };
  const typingPath = `typing/${pair.conversationId}/${pair.a.uid}`;
  let warm = false;
  return {
    async sample(count) {
      const from = warm ? 0 : -WARMUP;
      warm = true;
      const inbox = watch(receiver.db, `inbox/${pair.b.uid}/${pair.conversationId}`);
      for (let i = from; i < count; i++) {
        const id = push(ref(sender.db, `sendMessage/${pair.conversationId}`)).key;
        const seen = inbox.next(
          (v) => (v as { lastMessageId?: string } | null)?.lastMessageId === id,
        );
        const started = performance.now();
        const server = { now: serverTimestamp(), plusOne: increment(1) };
        const write = update(
          ref(sender.db),
          directSendWrite(parties, id, `Probe ${String(i)}`, server),
        );
        const [at, ackAt] = await Promise.all([seen, write.then(() => performance.now())]);
        if (i < 0) continue;
        raw.inboxEvent.push(at - started);
        raw.acked.push(ackAt - started);
      }
      inbox.stop();
      const typing = watch(receiver.db, typingPath);
      for (let i = from; i < count; i++) {
        const shown = typing.next((v) => typeof v === 'number');
        const started = performance.now();
        const [at] = await Promise.all([shown, set(ref(sender.db, typingPath), serverTimestamp())]);
        if (i >= 0) raw.typing.push(at - started);
        await Promise.all([typing.next((v) => v === null), remove(ref(sender.db, typingPath))]);
      }
      typing.stop();
    },
    async finish() {
      await Promise.all([sender.close(), receiver.close()]);
      const { inboxEvent, acked, typing } = raw;
      return {
        bytes,
        inboxEvent: stats(inboxEvent),
        acked: stats(acked),
        typing: stats(typing),
        raw,
      };
    },
  };
}

export async function inboxBench(
  target: AdminTarget,
  pair: Pair,
  password: string,
  count: number,
): Promise<InboxFigures> {
  const session = await prepareInbox(target, pair, password);
  try {
    await session.sample(count);
  } catch (error) {
    await session.finish();
    throw error;
  }
  return session.finish();
}

export function printInboxSummary(f: InboxFigures): void {
  console.log(
    table(
      '6a. Bytes per message: the message alone vs the one update with both inbox entries',
      ['message', 'message JSON', '+ inbox entries', 'SDK frame', 'stored after'],
      f.bytes.map((r) => [r.label, int(r.message), int(r.inbox), int(r.frame), int(r.stored)]),
    ),
  );
  const row = (label: string, s: LatencyStats) => [
    label,
    int(s.samples),
    ms(s.p50),
    ms(s.p99),
    ms(s.max),
  ];
  console.log(
    table(
      '6b. Inbox and typing delays between two SDK clients (same machine, emulator)',
      ['from → to', 'samples', 'p50', 'p99', 'max'],
      [
        row("send → receiver's inbox event (badge)", f.inboxEvent),
        row('send → server ack (Sent)', f.acked),
        row("typing write → friend's typing event", f.typing),
      ],
    ),
  );
}
