import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileEntries, userRecord } from '../../scripts/seed-records';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { createTestUser, getBackend, signInClient } from '../support/backend';
import { rulesEnvForFile } from './rules-env';

/**
 * Only its owner reads an e-mail address (`userPrivate/{uid}`), whoever else asks and however:
 * one read, a list query, or REST with a real ID token. `users/{uid}` keeps the public part.
 */
const area = 'privacy';
const { dbAs, seed } = rulesEnvForFile(area);

const person = (name: string) => ({
  uid: `${name.toLowerCase()}-uid`,
  username: name,
  email: `${name.toLowerCase()}@example.com`,
});
const alice = person('Alice');
const bob = person('Bob'); // Alice's friend
const carol = person('Carol'); // runs a group Alice belongs to
const dave = person('Dave'); // another member of that group
const erin = person('Erin'); // a stranger
const everyone = [alice, bob, carol, dave, erin];

const as = (p: typeof alice, token: Record<string, unknown> = {}) =>
  dbAs(p.uid, { email: p.email, ...token });
const conversationId = '-Nrel000000000000001';
const member = (p: typeof alice) => ({ status: 'member', username: p.username, at: 1 });

/** Everyone registered as the app does it, plus a friendship and a group around Alice. */
async function seedWorld() {
  await seed(Object.assign({}, ...everyone.map(profileEntries)) as Record<string, unknown>);
  await seed({
    [`friendList/${conversationId}`]: {
      senderId: alice.uid,
      senderName: 'Alice',
      receiverId: bob.uid,
      receiverName: 'Bob',
      photo: '',
    },
    [`pairs/${pairKey(alice.uid, bob.uid)}`]: conversationId,
    'Mygroup/g1': { adminId: carol.uid, adminName: 'Carol', groupName: 'Hikers', groupTag: 'Up' },
    [`groupMembership/g1/${alice.uid}`]: member(alice),
    [`groupMembership/g1/${dave.uid}`]: member(dave),
    [`userGroups/${alice.uid}/g1`]: 'member',
    [`userGroups/${dave.uid}/g1`]: 'member',
  });
}

describe('userPrivate/{uid} reads', () => {
  beforeEach(seedWorld);

  it('lets the owner read her own e-mail', async () => {
    const snapshot = await assertSucceeds(as(alice).ref(`userPrivate/${alice.uid}`).get());
    expect(snapshot.val()).toEqual({ email: alice.email });
    await assertSucceeds(as(alice).ref(`userPrivate/${alice.uid}/email`).get());
  });

  it.each([
    ['a friend', bob],
    ['the admin of her group', carol],
    ['a member of her group', dave],
    ['a stranger', erin],
  ])('refuses %s, for the record and for the e-mail alone', async (_who, reader) => {
    await assertFails(as(reader).ref(`userPrivate/${alice.uid}`).get());
    await assertFails(as(reader).ref(`userPrivate/${alice.uid}/email`).get());
  });

  it('refuses signed-out clients', async () => {
    await assertFails(dbAs(null).ref(`userPrivate/${alice.uid}`).get());
  });

  it('refuses every list read of userPrivate, the owner included', async () => {
    for (const reader of [alice, erin]) {
      const all = as(reader).ref('userPrivate');
      await assertFails(all.get());
      await assertFails(all.orderByChild('email').equalTo(alice.email).get());
      await assertFails(all.orderByKey().limitToFirst(10).get());
    }
  });

  it('gives no e-mail to the User List query, the one list read of users', async () => {
    const page = await assertSucceeds(
      as(erin).ref('users').orderByChild('usernameLower').limitToFirst(100).get(),
    );
    const records = Object.values(page.val() as Record<string, Record<string, unknown>>);
    expect(records).toHaveLength(everyone.length);
    for (const record of records)
      expect(Object.keys(record).sort()).toEqual(['photo', 'username', 'usernameLower']);
    expect(JSON.stringify(page.val())).not.toContain('@');
    const search = await assertSucceeds(
      as(erin)
        .ref('users')
        .orderByChild('usernameLower')
        .startAt('al')
        .endAt('al\uf8ff')
        .limitToFirst(10)
        .get(),
    );
    expect(JSON.stringify(search.val())).not.toContain('@');
  });
});

describe('userPrivate/{uid} writes', () => {
  beforeEach(() => seed({ [`users/${bob.uid}`]: userRecord(bob) }));
  const register = (p: typeof alice, email = p.email) =>
    as(p)
      .ref()
      .update(profileEntries({ ...p, email }));

  it('lets a new, still unverified account write both parts in one update', async () => {
    await assertSucceeds(as(alice, { email_verified: false }).ref().update(profileEntries(alice)));
    await assertSucceeds(as(alice).ref(`userPrivate/${alice.uid}`).remove());
  });

  it('refuses an address other than the account’s', async () => {
    await assertFails(register(alice, 'someone@example.com'));
  });

  it('refuses writing, replacing or removing someone else’s', async () => {
    await assertFails(as(bob).ref(`userPrivate/${alice.uid}`).set({ email: bob.email }));
    await assertSucceeds(register(alice));
    await assertFails(as(bob).ref(`userPrivate/${alice.uid}`).remove());
    await assertFails(dbAs(null).ref(`userPrivate/${alice.uid}`).set({ email: alice.email }));
  });

  it('refuses other fields and other shapes', async () => {
    const mine = as(alice).ref(`userPrivate/${alice.uid}`);
    await assertFails(mine.set({ email: alice.email, phone: '555' }));
    await assertFails(mine.set({ phone: '555' }));
    await assertFails(mine.set(alice.email));
  });
});

describe('over REST with an ID token', () => {
  it('serves the owner her e-mail, and nobody else anyone’s', async () => {
    const password = 'secret-pass-1';
    const tag = Math.random().toString(36).slice(2, 8);
    const [owner, other] = await Promise.all(
      ['owner', 'other'].map((name) =>
        createTestUser({ email: `${name}-${tag}@example.com`, password, verified: true }),
      ),
    );
    await seed({
      ...profileEntries({ uid: owner.uid, username: `Owner${tag}`, email: owner.email }),
      ...profileEntries({ uid: other.uid, username: `Other${tag}`, email: other.email }),
    });
    const client = await signInClient(owner.email, password);
    const token = await client.auth.currentUser!.getIdToken();
    await client.close();
    const { dbHost } = getBackend();
    const rest = (path: string, query: Record<string, string> = {}) =>
      fetch(
        `http://${dbHost}/${path}.json?${new URLSearchParams({ ns: `demo-rules-${area}`, auth: token, ...query }).toString()}`,
      );

    const own = await rest(`userPrivate/${owner.uid}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ email: owner.email });

    for (const response of [
      await rest(`userPrivate/${other.uid}`),
      await rest(`userPrivate/${other.uid}/email`),
      await rest('userPrivate'),
      await rest('userPrivate', { shallow: 'true' }),
      await rest('userPrivate', { orderBy: '"email"', equalTo: `"${other.email}"` }),
      await rest(`userPrivate/${other.uid}`, { auth: '' }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('@');
    }

    const list = await rest('users', { orderBy: '"usernameLower"', limitToFirst: '100' });
    expect(list.status).toBe(200);
    const body = await list.text();
    expect(body).toContain(`Other${tag}`);
    expect(body).not.toContain('@');
    const single = await rest(`users/${other.uid}`);
    expect(single.status).toBe(200);
    expect(await single.text()).not.toContain('@');
  });
});
