/**
 * Message actions: the bytes an edit and a reaction write (the JSON of their root
 * update, entries included), and a reaction's delay from the reactor's update to the other
 * party's listener, between two Node SDK clients on one clock.
 */
import { increment, onValue, push, ref, serverTimestamp, update } from 'firebase/database';
import { editWrite, reactWrite } from '../../src/lib/firebase/conversations/actions-write';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import type { AdminTarget } from '../stack/admin';
import { percentile, signInBenchClient, type LatencyStats } from './latency';
import type { Person } from './seed';

const SERVER_TIME = { '.sv': 'timestamp' };
const sample: ConversationMessage = {
  id: '-NbenchMessage000001',
  text: 'see you at 8?',
  senderId: 'a'.repeat(28),
  senderName: 'Alice',
  receiverId: 'b'.repeat(28),
  receiverName: 'Bob',
  createdAt: 1,
};
const scope = (me: string, other: string) => ({
  kind: 'direct' as const,
  conversationId: '-NbenchRelation00001',
  me,
  everyone: [me, other],
});

/** UTF-8 bytes of the JSON of one root update: a reaction with its notice, an edit of the last message. */
export function actionBytes() {
  const size = (changes: Record<string, unknown>) =>
    Buffer.byteLength(JSON.stringify(changes), 'utf8');
  const [a, b] = [sample.senderId, sample.receiverId];
  return {
    reaction: size(reactWrite(scope(b, a), sample, '👍', true, SERVER_TIME)),
    edit: size(editWrite(scope(a, b), sample, 'see you at 9?', true, SERVER_TIME)),
    editNotLast: size(editWrite(scope(a, b), sample, 'see you at 9?', false, SERVER_TIME)),
  };
}

/**
 * B sends one message; A toggles a 👍 on it `count` times (add, take back, …); each sample is
 * A's update() → B's listener on the message's reactions showing the new state.
 */
export async function reactionLatency(
  target: AdminTarget,
  pair: { a: Person; b: Person; conversationId: string },
  password: string,
  count: number,
): Promise<LatencyStats> {
  const reactor = await signInBenchClient(target, pair.a, password);
  const author = await signInBenchClient(target, pair.b, password);
  try {
    const path = `sendMessage/${pair.conversationId}`;
    const id = push(ref(author.db, path)).key;
    const from = { uid: pair.b.uid, name: pair.b.username };
    const to = { uid: pair.a.uid, name: pair.a.username };
    const server = { now: serverTimestamp(), plusOne: increment(1) };
    await update(
      ref(author.db),
      directSendWrite({ conversationId: pair.conversationId, from, to }, id, 'react to me', server),
    );
    const message: ConversationMessage = {
      id,
      text: 'react to me',
      senderId: from.uid,
      senderName: from.name,
      receiverId: to.uid,
      receiverName: to.name,
      createdAt: 0,
    };
    let waiting: { on: boolean; resolve: (at: number) => void } | null = null;
    const stop = onValue(ref(author.db, `${path}/${id}/reactions`), (snap) => {
      if (waiting && snap.child(`👍/${pair.a.uid}`).exists() === waiting.on)
        waiting.resolve(performance.now());
    });
    const actionScope = {
      kind: 'direct' as const,
      conversationId: pair.conversationId,
      me: pair.a.uid,
      everyone: [pair.a.uid, pair.b.uid],
    };
    const samples: number[] = [];
    for (let i = 0; i < count + 5; i++) {
      const on = i % 2 === 0;
      const started = performance.now();
      const seen = new Promise<number>((resolve) => (waiting = { on, resolve }));
      const written = update(
        ref(reactor.db),
        reactWrite(actionScope, message, '👍', on, serverTimestamp()),
      );
      const at = await Promise.race([
        seen,
        written.then(() => new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))),
      ]);
      await written;
      if (Number.isNaN(at)) throw new Error('a reaction was not seen in 10 s');
      if (i >= 5) samples.push(at - started);
    }
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
    await Promise.all([reactor.close(), author.close()]);
  }
}
