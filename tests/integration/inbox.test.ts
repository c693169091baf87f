import { goOffline, goOnline } from 'firebase/database';
import { directKey, type ConversationKey } from '../../src/lib/conversation-key';
import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../src/lib/firebase/inbox/entry';
import { makeInboxApi } from '../../src/lib/firebase/inbox/gateway';
import { adminGet, signInClient } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** `uid`'s inbox as one of their clients sees it, live. */
function liveInbox(db: Person['client']['db'], uid: string) {
  const seen: { inbox: Record<ConversationKey, InboxEntry> | null; error: Error | null } = {
    inbox: null,
    error: null,
  };
  const api = makeInboxApi(db);
  const stop = api.subscribeInbox(
    uid,
    (inbox) => (seen.inbox = inbox),
    (error) => (seen.error = error),
  );
  stopAfterTest(stop);
  return { api, entry: (conversationId: string) => seen.inbox?.[directKey(conversationId)], seen };
}

async function friends() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  return { alice, bob, conversationId };
}

describe('the inbox between two people', () => {
  it("counts the friend's messages, previews the last one and resets on reading", async () => {
    const { alice, bob, conversationId } = await friends();
    const bobs = liveInbox(bob.client.db, bob.uid);
    const alices = liveInbox(alice.client.db, alice.uid);

    await alice.conversations.direct.send(parties(conversationId, alice, bob), 'Hi Bob');
    await eventually(() => expect(bobs.entry(conversationId)?.unread).toBe(1));
    const long = `${'Long story. '.repeat(20)}The end.`;
    const sent = alice.conversations.direct.send(parties(conversationId, alice, bob), long);
    await sent.acked;
    await eventually(() =>
      expect(bobs.entry(conversationId)).toMatchObject({
        unread: 2,
        lastMessageId: sent.id,
        lastSenderId: alice.uid,
        lastText: long.slice(0, 100),
        lastKind: 'text',
      }),
    );
    // The sender's own entry shows the same last message and no unread count.
    await eventually(() =>
      expect(alices.entry(conversationId)).toMatchObject({ unread: 0, lastMessageId: sent.id }),
    );
    const lastAt = bobs.entry(conversationId)?.lastAt ?? 0;
    expect(Math.abs(lastAt - Date.now())).toBeLessThan(60_000);

    await bobs.api.markRead(bob.uid, directKey(conversationId), sent.id, true);
    await eventually(() => expect(bobs.entry(conversationId)?.unread).toBe(0));
    expect(bobs.entry(conversationId)?.lastText).toBe(long.slice(0, 100));
    expect(bobs.seen.error).toBeNull();
  });

  it('refuses a reset that names a message older than the last one', async () => {
    const { alice, bob, conversationId } = await friends();
    const first = alice.conversations.direct.send(parties(conversationId, alice, bob), 'one');
    await first.acked;
    await alice.conversations.direct.send(parties(conversationId, alice, bob), 'two');
    const bobs = makeInboxApi(bob.client.db);
    await expect(
      bobs.markRead(bob.uid, directKey(conversationId), first.id, false),
    ).rejects.toThrow(/permission/i);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(2);
  });

  it('keeps two sessions of one person in agreement', async () => {
    const { alice, bob, conversationId } = await friends();
    const secondDevice = await signInClient('bob@example.com', 'Secret123');
    stopAfterTest(() => secondDevice.close());
    const phone = liveInbox(bob.client.db, bob.uid);
    const laptop = liveInbox(secondDevice.db, bob.uid);

    const sent = alice.conversations.direct.send(
      parties(conversationId, alice, bob),
      'Are you there?',
    );
    await sent.acked;
    await eventually(() => {
      expect(phone.entry(conversationId)?.unread).toBe(1);
      expect(laptop.entry(conversationId)?.unread).toBe(1);
    });
    await laptop.api.markRead(bob.uid, directKey(conversationId), sent.id, true);
    await eventually(() => expect(phone.entry(conversationId)?.unread).toBe(0));
  });

  it('never loses a count when both write at once', async () => {
    const { alice, bob, conversationId } = await friends();
    const each = 8;
    const sends = [];
    for (let i = 0; i < each; i++) {
      sends.push(
        alice.conversations.direct.send(parties(conversationId, alice, bob), `a${String(i)}`).acked,
      );
      sends.push(
        bob.conversations.direct.send(parties(conversationId, bob, alice), `b${String(i)}`).acked,
      );
    }
    await Promise.all(sends);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(each);
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}/unread`)).toBe(each);
    const messages = (await adminGet(`sendMessage/${conversationId}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toHaveLength(2 * each);
  });

  it('sends messages written offline once connected, in order and exactly once', async () => {
    const { alice, bob, conversationId } = await friends();
    goOffline(alice.client.db);
    const acked: string[] = [];
    const sent = ['first', 'second', 'third'].map((text) => {
      const message = alice.conversations.direct.send(parties(conversationId, alice, bob), text);
      void message.acked.then(() => acked.push(text));
      return message;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acked).toEqual([]);
    expect(await adminGet(`sendMessage/${conversationId}`)).toBeNull();

    goOnline(alice.client.db);
    await Promise.all(sent.map((message) => message.acked));
    expect(acked).toEqual(['first', 'second', 'third']);
    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { message: string }
    >;
    const ids = Object.keys(stored).sort();
    expect(ids).toEqual(sent.map((message) => message.id));
    expect(ids.map((id) => stored[id].message)).toEqual(['first', 'second', 'third']);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}`)).toMatchObject({
      unread: 3,
      lastMessageId: sent[2].id,
      lastText: 'third',
    });
  });
});
