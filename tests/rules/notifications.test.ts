import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  alice,
  befriended,
  blocked,
  bob,
  carol,
  pairAB,
  conversationId,
  request,
  requested,
  users,
} from './friends-fixtures';
import {
  notificationId,
  type NotificationInput,
} from '../../src/lib/firebase/notifications/record';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

/** Rules of `notifications/{uid}/{id}`: written only with the action they report, by its actor. */
const { dbAs, seed, write: rawWrite } = rulesEnvForFile('notifications');

/**
 * An entry's id is its action's key (`{kind}_{ref}_{actorId}`, notificationId): the tests below
 * name entries at the placeholder `noteId`, and this writes them where the app would.
 */
const write = (uid: string | null, changes: Record<string, unknown>) =>
  rawWrite(
    uid,
    Object.fromEntries(
      Object.entries(changes).map(([path, value]) =>
        path.endsWith(`/${noteId}`) && isInput(value)
          ? [path.replace(noteId, notificationId(value)), value]
          : [path, value],
      ),
    ),
  );
const isInput = (value: unknown): value is NotificationInput =>
  typeof value === 'object' && value !== null && 'kind' in value && 'actorId' in value;

const note = (kind: string, actorId: string, actorName: string, ref: string, extra = {}) => ({
  kind,
  actorId,
  actorName,
  ref,
  at: SERVER_TIME,
  read: false,
  ...extra,
});
const noteId = '-Nnote0000000000001';
const to = (uid: string) => `notifications/${uid}/${noteId}`;
/** Alice's new request to Bob, with the pair claim, as the app sends it. */
const sendRequest = { [`friendRequest/${conversationId}`]: request, [pairAB]: conversationId };

describe('friendRequest notifications', () => {
  beforeEach(() => seed(users));

  it('are accepted with the request they report, from its sender to its receiver', async () => {
    await assertSucceeds(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', alice, 'Alice', conversationId),
      }),
    );
  });

  it('are refused alone, to someone else, in another name, or with a client clock', async () => {
    await assertFails(
      write(alice, { [to(bob)]: note('friendRequest', alice, 'Alice', conversationId) }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(carol)]: note('friendRequest', alice, 'Alice', conversationId),
      }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', carol, 'Carol', conversationId),
      }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', alice, 'Bob', conversationId),
      }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', alice, 'Alice', conversationId, { at: Date.now() }),
      }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', alice, 'Alice', conversationId, { read: true }),
      }),
    );
    await assertFails(
      write(alice, {
        ...sendRequest,
        [to(bob)]: note('friendRequest', alice, 'Alice', conversationId, { extra: 1 }),
      }),
    );
  });

  it('are refused for a request that already existed (no repeated nagging)', async () => {
    await seed(requested);
    await assertFails(
      write(alice, { [to(bob)]: note('friendRequest', alice, 'Alice', conversationId) }),
    );
  });

  it('cannot reach a person who blocked the sender', async () => {
    await seed(blocked);
    await assertFails(
      write(bob, {
        [`friendRequest/-Nrel000000000000002`]: { ...request, senderId: bob, senderName: 'Bob' },
        [to(alice)]: note('friendRequest', bob, 'Bob', '-Nrel000000000000002'),
      }),
    );
    await assertFails(
      write(bob, { [to(alice)]: note('friendAccepted', bob, 'Bob', conversationId) }),
    );
  });
});

describe('friendAccepted notifications', () => {
  beforeEach(() => seed(requested));
  const accept = {
    [`friendRequest/${conversationId}`]: null,
    [`friendList/${conversationId}`]: request,
  };

  it('are accepted from the receiver to the sender, in the accepting write', async () => {
    await assertSucceeds(
      write(bob, { ...accept, [to(alice)]: note('friendAccepted', bob, 'Bob', conversationId) }),
    );
  });

  it('are refused without the acceptance, by the sender, or to a third person', async () => {
    await assertFails(
      write(bob, { [to(alice)]: note('friendAccepted', bob, 'Bob', conversationId) }),
    );
    await assertFails(
      write(carol, { [to(alice)]: note('friendAccepted', carol, 'Carol', conversationId) }),
    );
    await assertFails(
      write(bob, { ...accept, [to(carol)]: note('friendAccepted', bob, 'Bob', conversationId) }),
    );
    await assertFails(
      write(alice, { [to(bob)]: note('friendAccepted', alice, 'Alice', conversationId) }),
    );
  });
});

describe('group notifications', () => {
  const groupId = '-Ngroup0000000000001';
  const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up' };
  const member = (uid: string, name: string, status: string | null) => ({
    [`groupMembership/${groupId}/${uid}`]: status
      ? { status, username: name, at: SERVER_TIME }
      : null,
    [`userGroups/${uid}/${groupId}`]: status,
  });
  const stored = (uid: string, name: string, status: string) => ({
    [`groupMembership/${groupId}/${uid}`]: { status, username: name, at: 1 },
    [`userGroups/${uid}/${groupId}`]: status,
  });
  const subject = { subject: 'Hikers' };
  beforeEach(() => seed({ ...befriended, [`Mygroup/${groupId}`]: group }));

  it('invitation: from the admin to the invitee, with the invitation', async () => {
    const invite = member(bob, 'Bob', 'invited');
    await assertFails(
      write(alice, { [to(bob)]: note('groupInvite', alice, 'Alice', groupId, subject) }),
    );
    await assertFails(
      write(alice, {
        ...invite,
        [to(bob)]: note('groupInvite', alice, 'Alice', groupId, { subject: 'Fake' }),
      }),
    );
    await assertFails(
      write(alice, { ...invite, [to(bob)]: note('groupInvite', alice, 'Alice', groupId) }),
    );
    await assertSucceeds(
      write(alice, { ...invite, [to(bob)]: note('groupInvite', alice, 'Alice', groupId, subject) }),
    );
  });

  it('join request: from the asker to the admin, with the request', async () => {
    const ask = member(carol, 'Carol', 'requested');
    await assertFails(
      write(carol, { [to(alice)]: note('joinRequest', carol, 'Carol', groupId, subject) }),
    );
    await assertFails(
      write(carol, { ...ask, [to(bob)]: note('joinRequest', carol, 'Carol', groupId, subject) }),
    );
    await assertSucceeds(
      write(carol, { ...ask, [to(alice)]: note('joinRequest', carol, 'Carol', groupId, subject) }),
    );
  });

  it('approval and removal: from the admin, with the change', async () => {
    await seed(stored(carol, 'Carol', 'requested'));
    await assertFails(
      write(alice, { [to(carol)]: note('joinApproved', alice, 'Alice', groupId, subject) }),
    );
    await assertFails(
      write(bob, { [to(carol)]: note('groupRemoved', bob, 'Bob', groupId, subject) }),
    );
    await assertSucceeds(
      write(alice, {
        ...member(carol, 'Carol', 'member'),
        [to(carol)]: note('joinApproved', alice, 'Alice', groupId, subject),
      }),
    );
    await assertFails(
      write(alice, {
        [`notifications/${carol}/-Nother`]: note('groupRemoved', alice, 'Alice', groupId, subject),
      }),
    );
    await assertFails(
      write(alice, {
        ...member(carol, 'Carol', null),
        [`notifications/${carol}/-Nother`]: note('groupRemoved', alice, 'Alice', groupId, subject),
      }),
    );
    await assertSucceeds(
      write(alice, {
        ...member(carol, 'Carol', null),
        [to(carol)]: note('groupRemoved', alice, 'Alice', groupId, subject),
      }),
    );
  });

  it('refuses a kind that is not stored (messages are derived from the inbox)', async () => {
    await assertFails(write(alice, { [to(bob)]: note('message', alice, 'Alice', conversationId) }));
  });
});

describe('the recipient’s feed', () => {
  const stored = {
    kind: 'friendRequest',
    actorId: alice,
    actorName: 'Alice',
    ref: conversationId,
    at: 5,
    read: false,
  };
  beforeEach(() => seed({ ...users, [to(bob)]: stored }));

  it('is read, marked read and deleted by the recipient only', async () => {
    await assertSucceeds(dbAs(bob).ref(`notifications/${bob}`).get());
    await assertSucceeds(
      dbAs(bob).ref(`notifications/${bob}`).orderByChild('read').equalTo(false).get(),
    );
    await assertFails(dbAs(alice).ref(`notifications/${bob}`).get());
    await assertFails(dbAs(alice).ref(to(bob)).get());
    await assertFails(dbAs(null).ref(to(bob)).get());
    await assertFails(dbAs(alice).ref(`notifications`).get());
    await assertFails(
      dbAs(alice)
        .ref(`${to(bob)}/read`)
        .set(true),
    );
    await assertSucceeds(
      dbAs(bob)
        .ref(`${to(bob)}/read`)
        .set(true),
    );
    await assertFails(dbAs(alice).ref(to(bob)).remove());
    await assertSucceeds(dbAs(bob).ref(to(bob)).remove());
  });

  it('cannot be rewritten, unread again or stubbed by the recipient', async () => {
    await assertFails(
      dbAs(bob)
        .ref(`${to(bob)}/actorName`)
        .set('Carol'),
    );
    await assertFails(
      dbAs(bob)
        .ref(to(bob))
        .set({ ...stored, actorName: 'Carol' }),
    );
    await assertSucceeds(
      dbAs(bob)
        .ref(`${to(bob)}/read`)
        .set(true),
    );
    await assertFails(
      dbAs(bob)
        .ref(`${to(bob)}/read`)
        .set(false),
    );
    await assertFails(dbAs(bob).ref(`notifications/${bob}/-Nnew/read`).set(true));
    const left = await dbAs(bob).ref(to(bob)).get();
    expect(left.val()).toEqual({ ...stored, read: true });
  });

  it('can be cleared whole by its owner only', async () => {
    await assertFails(dbAs(alice).ref(`notifications/${bob}`).remove());
    await assertSucceeds(dbAs(bob).ref(`notifications/${bob}`).remove());
  });
});
