import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { rulesEnvForFile } from './rules-env';

/** Rules of `users/{uid}`: owner-only writes of a fixed shape, reads for signed-in users. */
const { dbAs, seed } = rulesEnvForFile('users');

const alice = { username: 'Alice_1', email: 'alice@example.com', photo: '/default-avatar.svg' };
/** The public part; the e-mail lives in `userPrivate/{uid}` (see user-private.test.ts). */
const aliceRecord = { username: alice.username, photo: alice.photo, usernameLower: 'alice_1' };

beforeEach(async () => {
  await seed({
    'users/alice': aliceRecord,
    'users/bob': { username: 'Bob', photo: '/default-avatar.svg', usernameLower: 'bob' },
  });
});

const asAlice = () => dbAs('alice', { email: alice.email });
const asBob = () => dbAs('bob', { email: 'bob@example.com' });
const asVisitor = () => dbAs(null);
const aliceWrites = (value: unknown) => asAlice().ref('users/alice').set(value);

describe('users/{uid} writes', () => {
  it('lets the owner write the right shape', async () => {
    await assertSucceeds(aliceWrites({ ...aliceRecord, username: 'Ali', usernameLower: 'ali' }));
  });

  it('accepts a username of 1 and of 40 characters and a photo of 2048', async () => {
    const google = 'https://lh3.googleusercontent.com/';
    await assertSucceeds(aliceWrites({ ...aliceRecord, username: 'A', usernameLower: 'a' }));
    const long = 'B'.repeat(40);
    await assertSucceeds(
      aliceWrites({ ...aliceRecord, username: long, usernameLower: long.toLowerCase() }),
    );
    await assertSucceeds(
      aliceWrites({ ...aliceRecord, photo: google + 'p'.repeat(2048 - google.length) }),
    );
  });

  it('lets the owner delete the record', async () => {
    await assertSucceeds(asAlice().ref('users/alice').remove());
  });

  it('refuses another user and visitors', async () => {
    await assertFails(asBob().ref('users/alice').set(aliceRecord));
    await assertFails(asBob().ref('users/alice/username').set('Bob'));
    await assertFails(asBob().ref('users/alice').remove());
    await assertFails(asVisitor().ref('users/alice').set(aliceRecord));
  });

  it.each([
    ['a missing usernameLower', { username: 'Alice_1', photo: alice.photo }],
    ['a missing photo', { username: 'Alice_1', usernameLower: 'alice_1' }],
    ['an unknown field', { ...aliceRecord, admin: true }],
    ['the e-mail in the public part, even her own', { ...aliceRecord, email: alice.email }],
    ['an empty username', { ...aliceRecord, username: '', usernameLower: '' }],
    [
      'a username of 41',
      { ...aliceRecord, username: 'c'.repeat(41), usernameLower: 'c'.repeat(41) },
    ],
    ['a numeric username', { ...aliceRecord, username: 42, usernameLower: '42' }],
    ['a usernameLower that is not the lower case', { ...aliceRecord, usernameLower: 'Alice_1' }],
    [
      'a photo of 2049',
      { ...aliceRecord, photo: `https://lh3.googleusercontent.com/${'p'.repeat(2015)}` },
    ],
    ['a photo that is not a string', { ...aliceRecord, photo: { url: 'x' } }],
    ['a bare string', 'alice'],
  ])('refuses %s', async (_case, value) => {
    await assertFails(aliceWrites(value));
  });

  it('refuses a single-field update that breaks usernameLower', async () => {
    await assertFails(asAlice().ref('users/alice/username').set('Someone'));
    await assertSucceeds(
      asAlice().ref('users/alice').update({ username: 'Someone', usernameLower: 'someone' }),
    );
  });
});

describe('users/{uid} reads', () => {
  it('lets a signed-in user read any one user', async () => {
    await assertSucceeds(asBob().ref('users/alice').get());
    await assertSucceeds(asAlice().ref('users/alice').get());
  });

  it('refuses visitors', async () => {
    await assertFails(asVisitor().ref('users/alice').get());
  });

  it('allows the paged, ordered user list only', async () => {
    const users = () => asBob().ref('users');
    await assertSucceeds(users().orderByChild('usernameLower').limitToFirst(50).get());
    await assertSucceeds(
      users().orderByChild('usernameLower').startAt('al').endAt('al\uf8ff').limitToFirst(100).get(),
    );
    await assertFails(users().get());
    await assertFails(users().orderByChild('usernameLower').get());
    await assertFails(users().orderByChild('usernameLower').limitToFirst(101).get());
    await assertFails(users().orderByChild('email').limitToFirst(50).get());
    await assertFails(users().orderByKey().limitToFirst(50).get());
    await assertFails(
      asVisitor().ref('users').orderByChild('usernameLower').limitToFirst(50).get(),
    );
  });

  it('keeps the root closed', async () => {
    await assertFails(asBob().ref().get());
  });
});
