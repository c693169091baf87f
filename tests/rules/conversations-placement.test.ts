import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import {
  alice,
  befriended,
  bob,
  carol,
  conversationId,
  request,
  requested,
  users,
} from './friends-fixtures';
import { membersWorld } from './groups-fixtures';
import { increment, send, storedEntry, storedMessage } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// The directory's records of where things live (docs/scaling.md): `config/instances`, written
// by an admin only; `homes/{uid}`, once, from the open list; `placement/…`, once, with the
// accept or the group's creation, on the creator's home.
const { dbAs, seed, write } = rulesEnvForFile('placement');

const twoOpen = { 'config/instances': { count: 2, open: { 0: true, 1: true } } };
const onlyOneOpen = { 'config/instances': { count: 2, open: { 1: true } } };

describe('config: the instances', () => {
  it('lets anyone read them, signed in or not; config/self only signed in', async () => {
    await seed(twoOpen);
    await assertSucceeds(dbAs(carol).ref('config/instances').get());
    await assertSucceeds(dbAs(null).ref('config/instances').get());
    await assertSucceeds(dbAs(carol).ref('config/self').get());
    await assertFails(dbAs(null).ref('config/self').get());
    await assertFails(dbAs(carol).ref('config').get());
  });

  it('refuses every client write, even a signed-in one', async () => {
    await assertFails(write(alice, { 'config/instances/open/5': true }));
    await assertFails(write(alice, { 'config/instances': { count: 9, open: { 8: true } } }));
    await assertFails(write(alice, { 'config/self': 3 }));
    await assertFails(dbAs(null).ref().update({ 'config/instances/count': 1 }));
  });
});

describe('homes: each person once, from the open list', () => {
  // Registration writes it before the e-mail is verified, as it does users/{uid}.
  const unverified = { email_verified: false };
  const setHome = (uid: string, home: unknown, owner = uid) =>
    dbAs(owner, unverified)
      .ref()
      .update({ [`homes/${uid}`]: home });

  it('lets the owner choose an open instance, even before verifying', async () => {
    await seed(twoOpen);
    await assertSucceeds(setHome(alice, 1));
    await assertSucceeds(setHome(bob, 0));
  });

  it('with no configuration yet, takes only the default instance', async () => {
    await assertSucceeds(setHome(alice, 0));
    await assertFails(setHome(bob, 1));
  });

  it('refuses an instance not open, or not an instance number', async () => {
    await seed(onlyOneOpen);
    await assertFails(setHome(alice, 0));
    await assertFails(setHome(alice, 2));
    for (const bad of [-1, 1.5, '1', true, { instance: 1 }]) {
      await assertFails(setHome(alice, bad));
    }
  });

  it("refuses someone else's home, signed out, and any change once written", async () => {
    await seed(twoOpen);
    await assertFails(setHome(alice, 1, bob));
    await assertFails(
      dbAs(null)
        .ref()
        .update({ [`homes/${alice}`]: 1 }),
    );
    await assertSucceeds(setHome(alice, 1));
    await assertFails(setHome(alice, 0));
    await assertFails(write(alice, { [`homes/${alice}`]: null }));
  });

  it('lets anyone signed in read a home', async () => {
    await seed({ ...twoOpen, [`homes/${alice}`]: 1 });
    expect((await dbAs(carol).ref(`homes/${alice}`).get()).val()).toBe(1);
    await assertFails(dbAs(null).ref(`homes/${alice}`).get());
  });
});

describe('placement/direct: with the accept, on the sender’s home', () => {
  const place = `placement/direct/${conversationId}`;
  const accept = (placement: unknown) => ({
    [`friendRequest/${conversationId}`]: null,
    [`friendList/${conversationId}`]: request,
    [place]: placement,
  });
  // Alice (the sender) lives on 1, Bob (the receiver) on 0.
  beforeEach(() => seed({ ...requested, ...twoOpen, [`homes/${alice}`]: 1, [`homes/${bob}`]: 0 }));

  it("lets the receiver place it on the sender's home in the accept", async () => {
    await assertSucceeds(write(bob, accept({ instance: 1, state: 'live' })));
    expect((await dbAs(alice).ref(place).get()).val()).toEqual({ instance: 1, state: 'live' });
  });

  it("refuses another instance, the receiver's own home among them", async () => {
    await assertFails(write(bob, accept({ instance: 0, state: 'live' })));
    await assertFails(write(bob, accept({ instance: 7, state: 'live' })));
  });

  it('refuses a state other than live, or other fields', async () => {
    await assertFails(write(bob, accept({ instance: 1, state: 'moving' })));
    await assertFails(write(bob, accept({ instance: 1 })));
    await assertFails(write(bob, accept({ instance: 1, state: 'live', url: 'x' })));
  });

  it('refuses it from the sender, a stranger, or without the accept', async () => {
    await assertFails(write(alice, accept({ instance: 1, state: 'live' })));
    await assertFails(write(carol, accept({ instance: 1, state: 'live' })));
    await assertFails(write(bob, { [place]: { instance: 1, state: 'live' } }));
  });

  it('refuses any change once written, by either party', async () => {
    await assertSucceeds(write(bob, accept({ instance: 1, state: 'live' })));
    await assertFails(write(bob, { [place]: { instance: 0, state: 'live' } }));
    await assertFails(write(alice, { [`${place}/state`]: 'moving' }));
    await assertFails(write(alice, { [place]: null }));
  });

  it('takes the default instance for a sender registered before homes', async () => {
    await seed({ [`homes/${alice}`]: null });
    await assertFails(write(bob, accept({ instance: 1, state: 'live' })));
    await assertSucceeds(write(bob, accept({ instance: 0, state: 'live' })));
  });
});

describe('placement/group: with the group, on the admin’s home', () => {
  const groupId = '-Ngroup0000000000077';
  const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up' };
  const place = `placement/group/${groupId}`;
  const create = (placement: unknown, admin = group) => ({
    [`Mygroup/${groupId}`]: admin,
    [place]: placement,
  });
  beforeEach(() => seed({ ...users, ...twoOpen, [`homes/${alice}`]: 1, [`homes/${bob}`]: 0 }));

  it('lets the admin place a new group on their own home, and nowhere else', async () => {
    await assertFails(write(alice, create({ instance: 0, state: 'live' })));
    await assertSucceeds(write(alice, create({ instance: 1, state: 'live' })));
  });

  it('refuses it without the group, for a group that exists, or from someone else', async () => {
    await assertFails(write(alice, { [place]: { instance: 1, state: 'live' } }));
    const bobsGroup = { ...group, adminId: bob, adminName: 'Bob' };
    await assertFails(write(alice, create({ instance: 1, state: 'live' }, bobsGroup)));
    await seed({ [`Mygroup/${groupId}`]: group });
    await assertFails(write(alice, { [place]: { instance: 1, state: 'live' } }));
  });

  it('refuses any change once written', async () => {
    await assertSucceeds(write(alice, create({ instance: 1, state: 'live' })));
    await assertFails(write(alice, { [`${place}/instance`]: 0 }));
    await assertFails(write(alice, { [place]: null }));
  });

  it('lets anyone signed in read it, nobody signed out', async () => {
    await seed({ [place]: { instance: 1, state: 'live' } });
    await assertSucceeds(dbAs(carol).ref(place).get());
    await assertFails(dbAs(null).ref(place).get());
  });
});

describe("a conversation's records: only on the instance its placement names", () => {
  // One ruleset on every instance: the directory (instance 0) has no `config/self`, another
  // instance has its number there and the mirrors of the placements it holds.
  const direct = `placement/direct/${conversationId}`;
  const groupId = '-Ngroup0000000000024';
  const group = `placement/group/${groupId}`;
  const live = (instance: number) => ({ instance, state: 'live' });
  const sendToBob = () => write(alice, send(alice, bob, '-Nmsg1'));
  const typing = () => write(bob, { [`typing/${conversationId}/${bob}`]: SERVER_TIME });
  const groupPost = () =>
    write(alice, {
      ...groupSendWrite(
        { groupId, from: { uid: alice, name: 'Alice' }, to: [bob, carol] },
        '-Ngmsg1',
        'Hi all',
        { now: SERVER_TIME, plusOne: increment(1) },
      ),
    });
  beforeEach(() => seed({ ...befriended, ...membersWorld(groupId) }));

  it('on the directory: takes conversations placed there, or from before placements', async () => {
    await assertSucceeds(sendToBob());
    await seed({ [direct]: live(0), [group]: live(0) });
    await assertSucceeds(write(alice, send(alice, bob, '-Nmsg2')));
    await assertSucceeds(typing());
    await assertSucceeds(groupPost());
  });

  it('on the directory: refuses a conversation placed on another instance, or moving', async () => {
    await seed({ [direct]: live(1), [group]: live(1) });
    await assertFails(sendToBob());
    await assertFails(typing());
    await assertFails(groupPost());
    await seed({ [direct]: { instance: 0, state: 'moving' } });
    await assertFails(sendToBob());
  });

  it('on instance 1: takes only what its mirrored placement names, once it has landed', async () => {
    await seed({ 'config/self': 1 });
    // No mirror yet: refused (the client waits and tries again).
    await assertFails(sendToBob());
    await assertFails(groupPost());
    await seed({ [direct]: live(0), [group]: live(2) });
    await assertFails(sendToBob());
    await assertFails(groupPost());
    await seed({ [direct]: live(1), [group]: live(1) });
    await assertSucceeds(sendToBob());
    await assertSucceeds(typing());
    await assertSucceeds(groupPost());
    await seed({ [direct]: { instance: 1, state: 'moved' } });
    await assertFails(write(alice, send(alice, bob, '-Nmsg3')));
  });

  it("refuses a mark-read or a hide of a conversation placed elsewhere, the owner's own too", async () => {
    await seed({
      [direct]: live(1),
      [`inbox/${bob}/${conversationId}`]: storedEntry(),
      [`sendMessage/${conversationId}/-Nold`]: storedMessage(alice, bob),
    });
    await assertFails(
      write(bob, {
        [`inbox/${bob}/${conversationId}/unread`]: 0,
        [`inbox/${bob}/${conversationId}/lastMessageId`]: '-Nold',
      }),
    );
    await assertFails(write(bob, { [`hiddenMessages/${bob}/${conversationId}/-Nold`]: true }));
    await seed({ [direct]: live(0) });
    await assertSucceeds(write(bob, { [`hiddenMessages/${bob}/${conversationId}/-Nold`]: true }));
  });
});
