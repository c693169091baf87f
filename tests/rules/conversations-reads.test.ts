import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { storedMessage } from './inbox-fixtures';
import { alice, befriended, blocked, bob, carol, conversationId } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

const { dbAs, seed } = rulesEnvForFile('inbox-signals');

const conversation = {
  [`sendMessage/${conversationId}/-Nm1`]: storedMessage(bob, alice, 'Hi Alice'),
};
const marker = (fields: Record<string, unknown> = {}) => ({
  at: SERVER_TIME,
  messageId: '-Nm1',
  ...fields,
});
const markRead = (uid: string, value: unknown, owner = uid) =>
  dbAs(uid).ref(`reads/${conversationId}/${owner}`).set(value);
const setTyping = (uid: string, value: unknown, owner = uid) =>
  dbAs(uid).ref(`typing/${conversationId}/${owner}`).set(value);

describe('read markers between friends', () => {
  beforeEach(() => seed({ ...befriended, ...conversation }));

  it('lets a friend mark their place, and both friends read it', async () => {
    await assertSucceeds(markRead(alice, marker()));
    await assertSucceeds(dbAs(bob).ref(`reads/${conversationId}/${alice}`).once('value'));
    await assertSucceeds(dbAs(alice).ref(`reads/${conversationId}`).once('value'));
  });

  it("refuses a marker for someone else, a client clock, or a message that isn't there", async () => {
    await assertFails(markRead(bob, marker(), alice));
    await assertFails(markRead(alice, marker({ at: Date.now() })));
    await assertFails(markRead(alice, marker({ messageId: '-Nnone' })));
    await assertFails(markRead(alice, marker({ messageId: '-Nm1/message' })));
    await assertFails(markRead(alice, marker({ seen: true })));
    await assertFails(markRead(alice, { at: SERVER_TIME }));
  });

  it('refuses a stranger reading or writing markers', async () => {
    await assertFails(markRead(carol, marker()));
    await assertFails(dbAs(carol).ref(`reads/${conversationId}`).once('value'));
    await assertFails(dbAs(alice).ref('reads').once('value'));
  });

  it('refuses a marker from someone who switched read receipts off, until switched on', async () => {
    await seed({ [`settings/${alice}/readReceipts`]: false });
    await assertFails(markRead(alice, marker()));
    await assertSucceeds(markRead(alice, null));
    await seed({ [`settings/${alice}/readReceipts`]: true });
    await assertSucceeds(markRead(alice, marker()));
  });

  it("refuses reading the friend's marker with my own receipts off (off hides both ways)", async () => {
    await seed({ [`reads/${conversationId}/${bob}`]: { at: 1000, messageId: '-Nm1' } });
    await seed({ [`settings/${alice}/readReceipts`]: false });
    await assertFails(dbAs(alice).ref(`reads/${conversationId}/${bob}`).once('value'));
    await assertFails(dbAs(alice).ref(`reads/${conversationId}`).once('value'));
    // Bob, whose receipts are on, reads on.
    await assertSucceeds(dbAs(bob).ref(`reads/${conversationId}/${alice}`).once('value'));
    await seed({ [`settings/${alice}/readReceipts`]: true });
    await assertSucceeds(dbAs(alice).ref(`reads/${conversationId}/${bob}`).once('value'));
  });
});

describe('typing between friends', () => {
  beforeEach(() => seed(befriended));

  it('lets a friend say they are typing and stop, and the other friend see it', async () => {
    await assertSucceeds(setTyping(alice, SERVER_TIME));
    await assertSucceeds(dbAs(bob).ref(`typing/${conversationId}/${alice}`).once('value'));
    await assertSucceeds(setTyping(alice, null));
  });

  it('refuses typing for someone else, a client clock, or anything but a time', async () => {
    await assertFails(setTyping(bob, SERVER_TIME, alice));
    await assertFails(setTyping(alice, Date.now()));
    await assertFails(setTyping(alice, true));
    await assertFails(setTyping(alice, { at: SERVER_TIME }));
  });

  it('refuses a stranger', async () => {
    await assertFails(setTyping(carol, SERVER_TIME));
    await assertFails(dbAs(carol).ref(`typing/${conversationId}`).once('value'));
  });
});

describe('markers and typing after a block', () => {
  beforeEach(() =>
    seed({
      ...blocked,
      ...conversation,
      [`typing/${conversationId}/${bob}`]: 1000,
      [`reads/${conversationId}/${bob}`]: { at: 1000, messageId: '-Nm1' },
    }),
  );

  it('refuses both former friends reading or writing them', async () => {
    await assertFails(dbAs(alice).ref(`typing/${conversationId}/${bob}`).once('value'));
    await assertFails(dbAs(alice).ref(`reads/${conversationId}/${bob}`).once('value'));
    await assertFails(dbAs(bob).ref(`typing/${conversationId}`).once('value'));
    await assertFails(setTyping(bob, SERVER_TIME));
    await assertFails(markRead(bob, marker()));
    await assertFails(markRead(alice, marker()));
  });

  it('still lets each remove their own (onDisconnect, leaving the chat)', async () => {
    await assertSucceeds(setTyping(bob, null));
    await assertSucceeds(markRead(bob, null));
    await assertFails(setTyping(alice, null, bob));
  });
});

describe('settings', () => {
  const settingsOf = (uid: string, owner = uid) => dbAs(uid).ref(`settings/${owner}`);

  it('are read and written by their owner only', async () => {
    await assertSucceeds(settingsOf(alice).set({ readReceipts: false }));
    await assertSucceeds(settingsOf(alice).once('value'));
    await assertFails(settingsOf(bob, alice).once('value'));
    await assertFails(settingsOf(bob, alice).set({ readReceipts: true }));
    await assertFails(dbAs(null).ref(`settings/${alice}`).once('value'));
    await assertFails(dbAs(alice).ref('settings').once('value'));
  });

  it('hold known keys of the right type only, and need a verified e-mail', async () => {
    await assertFails(settingsOf(alice).set({ readReceipts: 'no' }));
    await assertFails(settingsOf(alice).set({ theme: 'dark' }));
    const unverified = dbAs(alice, { email_verified: false }).ref(`settings/${alice}`);
    await assertFails(unverified.set({ readReceipts: false }));
  });
});
