import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import {
  alice,
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

const { dbAs, seed, write: send } = rulesEnvForFile('requests');

const newRequest = (overrides: Record<string, unknown> = {}) => ({
  [`friendRequest/${conversationId}`]: { ...request, ...overrides },
  [pairAB]: conversationId,
});

describe('friendRequest: sending', () => {
  beforeEach(() => seed(users));

  it('lets Alice send Bob a request that claims their pair', async () => {
    await assertSucceeds(send(alice, newRequest()));
  });

  it('refuses a request without the pair claim', async () => {
    await assertFails(send(alice, { [`friendRequest/${conversationId}`]: request }));
  });

  it('refuses a pair claim that points at another id', async () => {
    await assertFails(
      send(alice, { [`friendRequest/${conversationId}`]: request, [pairAB]: '-Nother' }),
    );
  });

  it('refuses claiming a pair of two other people in the same write', async () => {
    await assertFails(
      send(alice, { ...newRequest(), [`pairs/${pairKey(bob, carol)}`]: conversationId }),
    );
  });

  it('refuses a second request for the same pair, in either direction', async () => {
    await assertSucceeds(send(alice, newRequest()));
    await assertFails(
      send(alice, { ...newRequest(), [`friendRequest/-Nsecond`]: request, [pairAB]: '-Nsecond' }),
    );
    await assertFails(
      send(bob, { [`friendRequest/-Nreverse`]: bobToAlice, [pairAB]: '-Nreverse' }),
    );
  });

  it("refuses sending in someone else's name", async () => {
    await assertFails(send(carol, newRequest()));
  });

  it('refuses a request to oneself', async () => {
    const self = { ...request, receiverId: alice, receiverName: 'Alice' };
    await assertFails(
      send(alice, {
        [`friendRequest/${conversationId}`]: self,
        [`pairs/${pairKey(alice, alice)}`]: conversationId,
      }),
    );
  });

  it('refuses a request to someone who is not a user', async () => {
    const ghost = { ...request, receiverId: 'ghost', receiverName: 'Ghost' };
    await assertFails(
      send(alice, {
        [`friendRequest/${conversationId}`]: ghost,
        [`pairs/${pairKey(alice, 'ghost')}`]: conversationId,
      }),
    );
  });

  it('refuses names that differ from the users records', async () => {
    await assertFails(send(alice, newRequest({ senderName: 'Mallory' })));
    await assertFails(send(alice, newRequest({ receiverName: 'Robert' })));
  });

  it('refuses unknown fields, missing fields and wrong types', async () => {
    await assertFails(send(alice, newRequest({ admin: true })));
    await assertFails(send(alice, newRequest({ photo: null })));
    await assertFails(send(alice, newRequest({ photo: 42 })));
    await assertFails(send(alice, newRequest({ photo: 'x'.repeat(2049) })));
  });

  it('refuses visitors who are not signed in', async () => {
    await assertFails(send(null, newRequest()));
  });
});

describe('friendRequest: the id must be new', () => {
  const bobToCarol = {
    senderId: bob,
    senderName: 'Bob',
    receiverId: carol,
    receiverName: 'Carol',
    photo: '',
  };
  const bobAsks = (id: string) =>
    send(bob, { [`friendRequest/${id}`]: bobToCarol, [`pairs/${pairKey(bob, carol)}`]: id });

  it("refuses reusing a block's id, which would let the blocked party read the conversation", async () => {
    await seed(blocked);
    await assertFails(bobAsks(conversationId));
    await assertSucceeds(bobAsks('-Nfresh'));
  });

  it("refuses reusing a friendship's id", async () => {
    await seed(befriended);
    await assertFails(bobAsks(conversationId));
    await assertSucceeds(bobAsks('-Nfresh'));
  });

  it('refuses reusing the id of an existing conversation', async () => {
    await seed({ ...users, 'sendMessage/-Nold/-Nmsg': { message: 'old' } });
    await assertFails(bobAsks('-Nold'));
  });
});

describe('friendRequest: changing and removing', () => {
  beforeEach(() => seed(requested));

  it('refuses editing a sent request, even by its sender', async () => {
    await assertFails(send(alice, { [`friendRequest/${conversationId}/receiverName`]: 'Carol' }));
  });

  it('lets the receiver decline and the sender withdraw, freeing the pair', async () => {
    await assertSucceeds(send(bob, { [`friendRequest/${conversationId}`]: null, [pairAB]: null }));
    await seed(requested);
    await assertSucceeds(
      send(alice, { [`friendRequest/${conversationId}`]: null, [pairAB]: null }),
    );
  });

  it('refuses a stranger removing the request', async () => {
    await assertFails(send(carol, { [`friendRequest/${conversationId}`]: null, [pairAB]: null }));
  });

  it('refuses removing the request but keeping its pair claim', async () => {
    await assertFails(send(bob, { [`friendRequest/${conversationId}`]: null }));
  });

  it('refuses freeing the pair while the request still exists', async () => {
    await assertFails(send(alice, { [pairAB]: null }));
  });

  it('lets a party remove a crossing request that the pair does not point at', async () => {
    await seed({ 'friendRequest/-Ncrossing': bobToAlice });
    await assertFails(send(carol, { 'friendRequest/-Ncrossing': null }));
    await assertSucceeds(send(alice, { 'friendRequest/-Ncrossing': null }));
  });
});

describe('friendRequest: reading', () => {
  beforeEach(() => seed(requested));
  const list = (uid: string | null) => dbAs(uid).ref('friendRequest');

  it('lets each party query their side', async () => {
    await assertSucceeds(list(alice).orderByChild('senderId').equalTo(alice).once('value'));
    await assertSucceeds(list(bob).orderByChild('receiverId').equalTo(bob).once('value'));
  });

  it("refuses querying someone else's requests", async () => {
    await assertFails(list(carol).orderByChild('receiverId').equalTo(bob).once('value'));
    await assertFails(list(carol).orderByChild('senderId').equalTo(alice).once('value'));
  });

  it('refuses reading the whole list, or querying by another field', async () => {
    await assertFails(list(alice).once('value'));
    await assertFails(list(alice).orderByChild('senderName').equalTo(alice).once('value'));
    await assertFails(list(null).orderByChild('senderId').equalTo(alice).once('value'));
  });

  it('lets only the parties read one request', async () => {
    await assertSucceeds(dbAs(bob).ref(`friendRequest/${conversationId}`).once('value'));
    await assertFails(dbAs(carol).ref(`friendRequest/${conversationId}`).once('value'));
  });

  it('refuses reading the pair index', async () => {
    await assertFails(dbAs(alice).ref(pairAB).once('value'));
  });
});
