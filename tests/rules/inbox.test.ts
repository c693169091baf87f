import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  increment,
  omit,
  send,
  storedEntry,
  storedMessage,
  withEntry,
  withoutEntry,
} from './inbox-fixtures';
import { alice, befriended, blocked, bob, carol, conversationId } from './friends-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

const { dbAs, seed, write } = rulesEnvForFile('inbox');

const entryOf = async (uid: string) =>
  (await dbAs(uid).ref(`inbox/${uid}/${conversationId}`).once('value')).val() as Record<
    string,
    unknown
  >;

describe('sending a message with the inbox entries', () => {
  beforeEach(() => seed(befriended));

  it("counts 1, 2 in the receiver's entry and leaves the sender's count alone", async () => {
    await assertSucceeds(write(alice, send(alice, bob, '-Nm1', 'Hi Bob')));
    expect(await entryOf(bob)).toMatchObject({ unread: 1, lastMessageId: '-Nm1' });
    await assertSucceeds(write(alice, send(alice, bob, '-Nm2', 'Still there?')));
    expect(await entryOf(bob)).toMatchObject({
      unread: 2,
      lastMessageId: '-Nm2',
      lastSenderId: alice,
      lastText: 'Still there?',
      lastKind: 'text',
    });
    const mine = await entryOf(alice);
    expect(mine).toMatchObject({ lastMessageId: '-Nm2', lastText: 'Still there?' });
    expect(mine.unread).toBeUndefined();
  });

  it('lets the other friend reply, counting in the first one’s entry', async () => {
    await assertSucceeds(write(alice, send(alice, bob, '-Nm1')));
    await assertSucceeds(write(bob, send(bob, alice, '-Nm2', 'Hello')));
    expect(await entryOf(alice)).toMatchObject({ unread: 1, lastSenderId: bob });
    expect(await entryOf(bob)).toMatchObject({ unread: 1, lastMessageId: '-Nm2' });
  });

  it("accepts a message without the sender's own entry (only the sender misses out)", async () => {
    await assertSucceeds(write(alice, withoutEntry(send(alice, bob, '-Nm1'), alice)));
  });

  it("refuses a message that skips the receiver's entry or its count", async () => {
    await assertFails(write(alice, withoutEntry(send(alice, bob, '-Nm1'), bob)));
    await assertFails(
      write(alice, withEntry(send(alice, bob, '-Nm1'), bob, { unread: undefined })),
    );
    await assertFails(write(alice, withEntry(send(alice, bob, '-Nm1'), bob, { unread: 0 })));
    await assertFails(
      write(alice, withEntry(send(alice, bob, '-Nm1'), bob, { lastMessageId: '-Nother' })),
    );
  });

  it('refuses a counter that goes up by anything but one', async () => {
    await seed({ [`inbox/${bob}/${conversationId}`]: storedEntry({ unread: 2 }) });
    const sent = send(alice, bob, '-Nm1');
    await assertFails(write(alice, withEntry(sent, bob, { unread: increment(2) })));
    await assertFails(write(alice, withEntry(sent, bob, { unread: increment(0) })));
    await assertFails(write(alice, withEntry(sent, bob, { unread: increment(-1) })));
    await assertFails(write(alice, withEntry(sent, bob, { unread: 7 })));
    await assertFails(write(alice, withEntry(sent, bob, { unread: 1 })));
    await assertFails(write(alice, withEntry(sent, bob, { lastAt: undefined })));
    await assertSucceeds(write(alice, withEntry(sent, bob, { unread: 3 })));
  });

  it('refuses a counter or summary without a new message', async () => {
    await seed({
      [`sendMessage/${conversationId}/-Nold`]: storedMessage(alice, bob),
      [`inbox/${bob}/${conversationId}`]: storedEntry({ unread: 2 }),
    });
    const entryOnly = omit(
      withoutEntry(send(alice, bob, '-Nm1'), alice),
      `sendMessage/${conversationId}/-Nm1`,
    );
    await assertFails(write(alice, entryOnly));
    // Replaying an existing message id to bump the count again.
    const replay = omit(
      send(alice, bob, '-Nold', 'Old news'),
      `sendMessage/${conversationId}/-Nold`,
    );
    await assertFails(write(alice, replay));
    await assertFails(write(alice, { [`inbox/${bob}/${conversationId}/unread`]: increment(1) }));
  });

  it('refuses a forged preview, sender, kind, time or extra field', async () => {
    const long = 'x'.repeat(150);
    const sent = send(alice, bob, '-Nm1', long);
    expect(sent[`inbox/${bob}/${conversationId}/lastText`]).toBe('x'.repeat(100));
    const forged = (fields: Record<string, unknown>) => write(alice, withEntry(sent, bob, fields));
    await assertFails(forged({ lastText: 'Send me your password' }));
    await assertFails(forged({ lastText: 'x'.repeat(50) }));
    await assertFails(forged({ lastText: 'x'.repeat(101) }));
    await assertFails(forged({ lastSenderId: bob }));
    await assertFails(forged({ lastKind: 'image' }));
    await assertFails(forged({ lastAt: Date.now() + 60_000 }));
    await assertFails(forged({ lastAt: undefined }));
    await assertFails(forged({ pinned: true }));
    await assertSucceeds(write(alice, sent));
  });

  it('keeps a preview of a short message whole', async () => {
    const sent = send(alice, bob, '-Nm1', 'short');
    await assertFails(write(alice, withEntry(sent, bob, { lastText: 'sho' })));
    await assertSucceeds(write(alice, sent));
  });

  it("refuses writing a third person's entry, or deleting the friend's", async () => {
    const sent = send(alice, bob, '-Nm1');
    const toCarol = Object.fromEntries(
      Object.entries(sent).map(([path, value]) => [
        path.replace(`inbox/${bob}/`, `inbox/${carol}/`),
        value,
      ]),
    );
    await assertFails(write(alice, toCarol));
    await seed({ [`inbox/${bob}/${conversationId}`]: storedEntry() });
    await assertFails(write(alice, { [`inbox/${bob}/${conversationId}`]: null }));
    await assertFails(write(alice, { ...sent, [`inbox/${bob}/${conversationId}/lastText`]: null }));
  });

  it('refuses a reaction notice forged into the entry with a message', async () => {
    // A notice says "{by} reacted {emoji} to {text}": only a real reaction may write one.
    const forged = { by: carol, emoji: '😡', messageId: '-Nm1', text: 'I quit', kind: 'text' };
    const notice = { ...forged, at: SERVER_TIME };
    await assertFails(
      write(alice, {
        ...send(alice, bob, '-Nm1'),
        [`inbox/${bob}/${conversationId}/reaction`]: notice,
      }),
    );
    await seed({
      [`inbox/${bob}/${conversationId}`]: storedEntry({ reaction: { ...forged, at: 5 } }),
    });
    const at5 = { ...forged, text: 'Changed', at: 5 };
    await assertFails(
      write(alice, {
        ...send(alice, bob, '-Nm1'),
        [`inbox/${bob}/${conversationId}/reaction`]: at5,
      }),
    );
    // A send leaves a stored notice as it is.
    await assertSucceeds(write(alice, send(alice, bob, '-Nm1')));
    expect((await entryOf(bob)).reaction).toMatchObject({ text: 'I quit' });
  });

  it('refuses a stranger and an unverified account', async () => {
    await assertFails(write(carol, { [`inbox/${bob}/${conversationId}/unread`]: increment(1) }));
    await assertFails(
      dbAs(alice, { email_verified: false })
        .ref()
        .update(send(alice, bob, '-Nm1')),
    );
  });
});

describe('the owner of an entry', () => {
  beforeEach(() =>
    seed({
      ...befriended,
      [`sendMessage/${conversationId}/-Nold`]: storedMessage(alice, bob),
      [`inbox/${bob}/${conversationId}`]: storedEntry({ unread: 2 }),
    }),
  );
  const reset = (fields: Record<string, unknown> = {}) => ({
    [`inbox/${bob}/${conversationId}/unread`]: 0,
    [`inbox/${bob}/${conversationId}/lastMessageId`]: '-Nold',
    ...fields,
  });

  it('resets the count to zero, naming the last message they saw', async () => {
    await assertSucceeds(write(bob, reset()));
    expect(await entryOf(bob)).toMatchObject({ unread: 0, lastText: 'Old news' });
  });

  it('refuses a reset when another message arrived since, or to anything but zero', async () => {
    await assertFails(
      write(bob, reset({ [`inbox/${bob}/${conversationId}/lastMessageId`]: '-Nolder' })),
    );
    await assertFails(write(bob, reset({ [`inbox/${bob}/${conversationId}/unread`]: 1 })));
    await assertFails(write(bob, reset({ [`inbox/${bob}/${conversationId}/unread`]: -1 })));
    await assertFails(write(bob, reset({ [`inbox/${bob}/${conversationId}/lastText`]: 'edited' })));
    await assertFails(write(bob, { [`inbox/${bob}/${conversationId}/unread`]: increment(5) }));
  });

  it("refuses the friend or a stranger resetting someone's count", async () => {
    await assertFails(write(alice, reset()));
    await assertFails(write(carol, reset()));
  });

  it('refuses raising their own count along with their own message', async () => {
    const mine = send(bob, alice, '-Nm1');
    await assertFails(write(bob, withEntry(mine, bob, { unread: increment(1) })));
    await assertSucceeds(write(bob, mine));
    expect(await entryOf(bob)).toMatchObject({ unread: 2, lastSenderId: bob });
  });

  it('reads their own entries; nobody reads anyone else’s', async () => {
    await assertSucceeds(dbAs(bob).ref(`inbox/${bob}`).once('value'));
    await assertFails(dbAs(alice).ref(`inbox/${bob}`).once('value'));
    await assertFails(dbAs(alice).ref(`inbox/${bob}/${conversationId}`).once('value'));
    await assertFails(dbAs(alice).ref(`inbox/${bob}/${conversationId}/unread`).once('value'));
    await assertFails(dbAs(bob).ref('inbox').once('value'));
    await assertFails(dbAs(null).ref(`inbox/${bob}`).once('value'));
  });
});

describe('the inbox after a block', () => {
  beforeEach(() => seed({ ...blocked, [`inbox/${alice}/${conversationId}`]: storedEntry() }));

  it('refuses either party writing the other’s entry, with or without a message', async () => {
    await assertFails(write(bob, send(bob, alice, '-Nm1')));
    await assertFails(write(alice, send(alice, bob, '-Nm1')));
    await assertFails(write(bob, { [`inbox/${alice}/${conversationId}/unread`]: increment(1) }));
  });

  it('still lets the owner clear their own count', async () => {
    await assertSucceeds(
      write(alice, {
        [`inbox/${alice}/${conversationId}/unread`]: 0,
        [`inbox/${alice}/${conversationId}/lastMessageId`]: '-Nold',
      }),
    );
  });
});
