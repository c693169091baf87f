import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { send } from './inbox-fixtures';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { rulesEnvForFile, userRecord } from './rules-env';

/**
 * What the other person may still do once an account is deleted: the app reads names live from
 * `users/{uid}`, and a missing record is what marks a deleted account (docs/data-model.md).
 */
const { dbAs, seed, write } = rulesEnvForFile('deleted-account');

const message = {
  message: 'hello',
  messagesenderId: alice,
  massagesenderName: 'Alice',
  messagereceiverId: bob,
  messagereceiverName: 'Bob',
  createdAt: 1,
};

beforeEach(() =>
  seed({
    ...befriended,
    [`userPrivate/${alice}`]: { email: 'alice@example.com' },
    [`settings/${alice}`]: { readReceipts: true },
    [`sendMessage/${conversationId}/-Nmsg1`]: message,
  }),
);

/** The database part of deleting Alice's account, as she writes it (one root update). */
const aliceDeletes = () =>
  write(alice, {
    [`users/${alice}`]: null,
    [`userPrivate/${alice}`]: null,
    [`settings/${alice}`]: null,
    [`notifications/${alice}`]: null,
  });

describe('reading names live from users/{uid}', () => {
  it("lets a friend and a stranger read one person's record, not a signed-out visitor", async () => {
    await assertSucceeds(dbAs(bob).ref(`users/${alice}`).once('value'));
    await assertSucceeds(dbAs(carol).ref(`users/${alice}`).once('value'));
    await assertFails(dbAs(null).ref(`users/${alice}`).once('value'));
  });

  it('a rename is one update of the owner only; nobody renames someone else', async () => {
    const renamed = { username: 'Alicia', usernameLower: 'alicia' };
    await assertFails(dbAs(bob).ref(`users/${alice}`).update(renamed));
    await assertSucceeds(dbAs(alice).ref(`users/${alice}`).update(renamed));
    const seen = await dbAs(bob).ref(`users/${alice}/username`).once('value');
    expect(seen.val()).toBe('Alicia');
  });
});

describe('after an account is deleted', () => {
  it('only its owner can delete it', async () => {
    await assertFails(write(bob, { [`users/${alice}`]: null }));
    await assertFails(write(carol, { [`users/${alice}`]: null, [`userPrivate/${alice}`]: null }));
    await assertSucceeds(aliceDeletes());
  });

  it('the friend reads the missing record (that is how the app knows) and the conversation', async () => {
    await assertSucceeds(aliceDeletes());
    const record = await assertSucceeds(dbAs(bob).ref(`users/${alice}`).once('value'));
    expect(record.val()).toBeNull();
    const chat = await assertSucceeds(dbAs(bob).ref(`sendMessage/${conversationId}`).once('value'));
    expect(Object.keys(chat.val() as object)).toEqual(['-Nmsg1']);
    await assertSucceeds(dbAs(bob).ref(`friendList/${conversationId}`).once('value'));
  });

  it('nobody sends a message to the deleted account; before the deletion the friend could', async () => {
    await assertSucceeds(write(bob, send(bob, alice, '-Nbefore')));
    await assertSucceeds(aliceDeletes());
    await assertFails(write(bob, send(bob, alice, '-Nafter')));
  });

  it('strangers still cannot read the conversation', async () => {
    await assertSucceeds(aliceDeletes());
    await assertFails(dbAs(carol).ref(`sendMessage/${conversationId}`).once('value'));
  });

  it('nobody takes over the deleted person: no one else can write their record', async () => {
    await assertSucceeds(aliceDeletes());
    await assertFails(dbAs(bob).ref(`users/${alice}`).set(userRecord('Alice')));
    await assertFails(dbAs(carol).ref(`users/${alice}`).set(userRecord('Mallory')));
  });
});
