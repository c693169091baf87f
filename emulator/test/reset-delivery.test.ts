import { limitToLast, onValue, orderByChild, query, ref } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { type TestClient, connectClient, rest, waitFor } from './helpers';

// The app's inbox and conversation read rules, reduced (database.rules.json).
const RULES = JSON.stringify({
  rules: {
    inbox: { $uid: { '.read': 'auth != null && auth.uid == $uid' } },
    sendMessage: {
      $rel: {
        '.read':
          "auth != null && (root.child('friendList/' + $rel + '/senderId').val() == auth.uid || " +
          "root.child('friendList/' + $rel + '/receiverId').val() == auth.uid)",
        '.indexOn': ['createdAt'],
      },
    },
  },
});
const NS = 'reset-delivery-default-rtdb';
const REL = '-Ne2eReadingAliceBob1';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesText: RULES });
});
afterAll(async () => {
  await emu.close();
});

const admin = async (method: string, body: unknown): Promise<void> => {
  expect((await rest(emu, method, '/.json', { ns: NS, body })).status).toBe(200);
};

const message = (from: string, to: string, i: number) => ({
  message: `message ${i}`,
  messagesenderId: from,
  messagereceiverId: to,
  createdAt: 1000 + i,
});

/**
 * One end-to-end test's worth of traffic, as tests/support drives it: reset the root, seed a
 * friendship and `count` messages in batches of a thousand, sign Alice in (inbox and the chat's
 * last page), leave the chat, then write her inbox entry over REST. Returns what her inbox saw.
 */
async function session(k: number, count: number): Promise<unknown[]> {
  await admin('PUT', null);
  const [alice, bob] = [`alice${k}`, `bob${k}`];
  await admin('PATCH', { [`friendList/${REL}`]: { senderId: alice, receiverId: bob } });
  for (let start = 0; start < count; start += 1000) {
    const batch: Record<string, unknown> = {};
    for (let i = start; i < Math.min(count, start + 1000); i++)
      batch[`sendMessage/${REL}/m${String(i).padStart(5, '0')}`] = message(bob, alice, i);
    await admin('PATCH', batch);
  }
  const a: TestClient = connectClient(emu, NS, { mockUserToken: { sub: alice, user_id: alice } });
  try {
    const inbox: unknown[] = [];
    const pages: number[] = [];
    onValue(ref(a.db, `inbox/${alice}`), (s) => inbox.push(s.val()));
    const chat = query(ref(a.db, `sendMessage/${REL}`), orderByChild('createdAt'), limitToLast(50));
    const leave = onValue(chat, (s) => pages.push(s.size));
    await waitFor(() => (inbox.length > 0 && pages.length > 0 ? true : undefined));
    expect(pages[0]).toBe(Math.min(50, count));
    leave();
    await admin('PATCH', {
      [`sendMessage/${REL}/z`]: message(bob, alice, 99_999),
      [`inbox/${alice}/${REL}`]: { unread: 1, lastMessageId: 'z', lastSenderId: bob },
    });
    await waitFor(() => (inbox.length > 1 ? true : undefined));
    return inbox;
  } finally {
    await a.close();
  }
}

describe('delivery across root resets (the suspected missed inbox update)', () => {
  it('an admin-written inbox entry reaches the listener after a 2,000-message session', async () => {
    for (const [k, count] of [
      [1, 2000],
      [2, 4],
      [3, 2000],
    ] as const) {
      const inbox = await session(k, count);
      expect(inbox).toEqual([
        null,
        { [REL]: { unread: 1, lastMessageId: 'z', lastSenderId: `bob${k}` } },
      ]);
    }
  });
});
