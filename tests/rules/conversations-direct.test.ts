import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { withReceiverEntry } from './inbox-fixtures';
import { alice, befriended, blocked, bob, carol, conversationId } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

const { dbAs, seed } = rulesEnvForFile('messages');

const message = (overrides: Record<string, unknown> = {}) => ({
  message: 'Hi Bob!',
  messagesenderId: alice,
  massagesenderName: 'Alice',
  messagereceiverId: bob,
  messagereceiverName: 'Bob',
  createdAt: SERVER_TIME,
  ...overrides,
});
// A message goes with the receiver's inbox entry (tests/rules/inbox.test.ts), as the app sends it.
const post = (uid: string, value: Record<string, unknown> | null, id = '-Nmsg1') =>
  dbAs(uid).ref().update(withReceiverEntry(id, value));

describe('sendMessage between friends', () => {
  beforeEach(() =>
    seed({ ...befriended, [`sendMessage/${conversationId}/-Nold`]: message({ createdAt: 1 }) }),
  );

  it('lets either friend send, as themselves, to the other', async () => {
    await assertSucceeds(post(alice, message()));
    const reply = message({
      message: 'Hi!',
      messagesenderId: bob,
      massagesenderName: 'Bob',
      messagereceiverId: alice,
      messagereceiverName: 'Alice',
    });
    await assertSucceeds(post(bob, reply, '-Nmsg2'));
  });

  it('lets both friends read the conversation, in time order', async () => {
    await assertSucceeds(dbAs(alice).ref(`sendMessage/${conversationId}`).once('value'));
    const recent = dbAs(bob)
      .ref(`sendMessage/${conversationId}`)
      .orderByChild('createdAt')
      .limitToLast(50);
    await assertSucceeds(recent.once('value'));
  });

  it('refuses a stranger reading or writing the conversation', async () => {
    await assertFails(dbAs(carol).ref(`sendMessage/${conversationId}`).once('value'));
    await assertFails(post(carol, message({ messagesenderId: carol, massagesenderName: 'Carol' })));
  });

  it('refuses reading every conversation at once', async () => {
    await assertFails(dbAs(alice).ref('sendMessage').once('value'));
  });

  it("refuses sending in the other friend's name or to someone else", async () => {
    await assertFails(post(bob, message()));
    await assertFails(post(alice, message({ messagereceiverId: carol })));
  });

  it("refuses names other than the friendship's names of the sender and the receiver", async () => {
    await assertFails(post(alice, message({ massagesenderName: 'Carol' })));
    await assertFails(post(alice, message({ messagereceiverName: 'Admin' })));
    await assertFails(
      post(alice, message({ massagesenderName: 'Bob', messagereceiverName: 'Alice' })),
    );
    await assertSucceeds(post(alice, message()));
  });

  it('accepts the names the friendship recorded, even after a rename', async () => {
    await seed({
      [`users/${alice}/username`]: 'Alicia',
      [`users/${alice}/usernameLower`]: 'alicia',
    });
    await assertSucceeds(post(alice, message()));
  });

  it('refuses editing or deleting a sent message', async () => {
    await assertFails(post(alice, message({ message: 'edited' }), '-Nold'));
    await assertFails(post(alice, null, '-Nold'));
  });

  it('refuses client clocks, empty or huge text, and unknown fields', async () => {
    await assertFails(post(alice, message({ createdAt: Date.now() + 60_000 })));
    await assertFails(post(alice, message({ createdAt: 1 })));
    await assertFails(post(alice, message({ createdAt: Date.now() - 1000 })));
    await assertFails(post(alice, message({ message: '' })));
    await assertFails(post(alice, message({ message: 'x'.repeat(4001) })));
    await assertFails(post(alice, message({ read: true })));
    await assertFails(post(alice, message({ massagesenderName: null })));
  });
});

describe('sendMessage after a block', () => {
  beforeEach(() => seed(blocked));

  it('refuses the blocked party (and the blocker) writing or reading', async () => {
    const fromBob = message({
      messagesenderId: bob,
      massagesenderName: 'Bob',
      messagereceiverId: alice,
      messagereceiverName: 'Alice',
    });
    await assertFails(post(bob, fromBob));
    await assertFails(post(alice, message()));
    await assertFails(dbAs(bob).ref(`sendMessage/${conversationId}`).once('value'));
  });
});
