import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import {
  alice,
  aliceBlocksBob,
  befriended,
  blocked,
  bob,
  bobToAlice,
  carol,
  pairAB,
  conversationId,
  request,
  requested,
  users,
} from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

const { dbAs, seed, write } = rulesEnvForFile('friends');

const accept = (overrides: Record<string, unknown> = {}) => ({
  [`friendRequest/${conversationId}`]: null,
  [`friendList/${conversationId}`]: { ...request, ...overrides },
});

describe('friendList: accepting a request', () => {
  beforeEach(() => seed(requested));

  it('lets the receiver turn the request into a friendship in one write', async () => {
    await assertSucceeds(write(bob, accept()));
  });

  it('refuses the sender accepting their own request', async () => {
    await assertFails(write(alice, accept()));
  });

  it('refuses a stranger accepting a request sent to someone else', async () => {
    await assertFails(write(carol, accept()));
  });

  it('refuses a friendship that differs from the request', async () => {
    await assertFails(write(bob, accept({ senderName: 'Mallory' })));
    await assertFails(write(bob, accept({ photo: 'https://example.com/other.png' })));
    await assertFails(write(bob, accept({ receiverId: carol, receiverName: 'Carol' })));
  });

  it('refuses keeping the request next to the friendship', async () => {
    await assertFails(write(bob, { [`friendList/${conversationId}`]: request }));
  });

  it('refuses unknown fields on the friendship', async () => {
    await assertFails(write(bob, accept({ since: 1 })));
  });

  it('also removes a crossing request in the same write', async () => {
    await seed({ 'friendRequest/-Ncrossing': bobToAlice });
    await assertSucceeds(write(bob, { ...accept(), 'friendRequest/-Ncrossing': null }));
  });
});

describe('friendList: without a request', () => {
  beforeEach(() => seed(users));

  it('refuses creating a friendship out of nothing, by either party', async () => {
    await assertFails(write(bob, { [`friendList/${conversationId}`]: request }));
    await assertFails(write(alice, { [`friendList/${conversationId}`]: request }));
  });
});

describe('friendList: reading and removing', () => {
  beforeEach(() => seed(befriended));
  const list = (uid: string) => dbAs(uid).ref('friendList');

  it('lets each party query their side, and only theirs', async () => {
    await assertSucceeds(list(alice).orderByChild('senderId').equalTo(alice).once('value'));
    await assertSucceeds(list(bob).orderByChild('receiverId').equalTo(bob).once('value'));
    await assertFails(list(carol).orderByChild('receiverId').equalTo(bob).once('value'));
    await assertFails(list(alice).once('value'));
  });

  it('lets only the parties read the friendship', async () => {
    await assertSucceeds(dbAs(alice).ref(`friendList/${conversationId}`).once('value'));
    await assertFails(dbAs(carol).ref(`friendList/${conversationId}`).once('value'));
  });

  it('refuses editing or simply deleting a friendship', async () => {
    await assertFails(write(alice, { [`friendList/${conversationId}/receiverName`]: 'Robert' }));
    await assertFails(write(alice, { [`friendList/${conversationId}`]: null }));
  });
});

describe('block: blocking a friend', () => {
  beforeEach(() => seed(befriended));
  const blockAs = (uid: string, entry: Record<string, unknown>) =>
    write(uid, { [`friendList/${conversationId}`]: null, [`block/${conversationId}`]: entry });

  it('lets the sender block the receiver, replacing the friendship atomically', async () => {
    await assertSucceeds(blockAs(alice, aliceBlocksBob));
  });

  it('lets the receiver block the sender too', async () => {
    await assertSucceeds(
      blockAs(bob, { blockbyid: bob, blockbyName: 'Bob', blockid: alice, blockName: 'Alice' }),
    );
  });

  it("refuses blocking in someone else's name, or with swapped names", async () => {
    await assertFails(blockAs(bob, aliceBlocksBob));
    await assertFails(
      blockAs(alice, { ...aliceBlocksBob, blockName: 'Alice', blockbyName: 'Bob' }),
    );
  });

  it('refuses blocking someone who is not a party of the friendship', async () => {
    await assertFails(blockAs(alice, { ...aliceBlocksBob, blockid: carol, blockName: 'Carol' }));
  });

  it('refuses a stranger blocking or ending the friendship', async () => {
    await assertFails(
      blockAs(carol, { blockbyid: carol, blockbyName: 'Carol', blockid: bob, blockName: 'Bob' }),
    );
  });

  it('refuses a block that keeps the friendship', async () => {
    await assertFails(write(alice, { [`block/${conversationId}`]: aliceBlocksBob }));
  });

  it('refuses unknown fields and wrong types', async () => {
    await assertFails(blockAs(alice, { ...aliceBlocksBob, reason: 'spam' }));
    await assertFails(blockAs(alice, { ...aliceBlocksBob, blockName: 7 }));
  });
});

describe('block: without a friendship', () => {
  beforeEach(() => seed(users));

  it('refuses a block between people who are not friends', async () => {
    const entry = { blockbyid: carol, blockbyName: 'Carol', blockid: alice, blockName: 'Alice' };
    await assertFails(write(carol, { [`block/${conversationId}`]: entry }));
  });
});

describe('block: reading and unblocking', () => {
  beforeEach(() => seed(blocked));
  const list = (uid: string) => dbAs(uid).ref('block');
  const restored = { ...request, photo: '' };
  const unblock = (uid: string, friendship: Record<string, unknown> = restored) =>
    write(uid, { [`block/${conversationId}`]: null, [`friendList/${conversationId}`]: friendship });

  it('lets the blocker and the blocked party see the block, and nobody else', async () => {
    await assertSucceeds(list(alice).orderByChild('blockbyid').equalTo(alice).once('value'));
    await assertSucceeds(list(bob).orderByChild('blockid').equalTo(bob).once('value'));
    await assertFails(list(carol).orderByChild('blockid').equalTo(bob).once('value'));
    await assertFails(list(alice).once('value'));
    await assertFails(dbAs(carol).ref(`block/${conversationId}`).once('value'));
  });

  it('lets the blocker unblock, restoring the friendship atomically', async () => {
    await assertSucceeds(unblock(alice));
  });

  it('refuses the blocked party unblocking', async () => {
    await assertFails(unblock(bob, bobToAlice));
    await assertFails(unblock(bob));
  });

  it('refuses removing the block without restoring the friendship', async () => {
    await assertFails(write(alice, { [`block/${conversationId}`]: null }));
  });

  it('refuses restoring a friendship with other people or names', async () => {
    await assertFails(unblock(alice, { ...restored, receiverId: carol, receiverName: 'Carol' }));
    await assertFails(unblock(alice, { ...restored, senderName: 'Queen Alice' }));
  });

  it('refuses the blocked party sending a new request to the blocker', async () => {
    await assertFails(write(bob, { 'friendRequest/-Nagain': bobToAlice, [pairAB]: '-Nagain' }));
  });
});
