import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { emulatorDb } from '../../scripts/migrations/database';
import { migrate } from '../../scripts/migrations/004-private-email';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { rulesEnvForFile } from './rules-env';

/** Data written by the original product, moved to the split profile by the migration script. */
const area = 'migration';
const { dbAs, seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);
const migratePrivateEmail = () => migrate(emulatorDb(target()), () => undefined);

const oldUser = (name: string) => ({
  username: name,
  email: `${name.toLowerCase()}@example.com`,
  photo: '/default-avatar.svg',
  usernameLower: name.toLowerCase(),
});
const relation = (photo: string) => ({
  senderId: 'alice',
  senderName: 'Alice',
  receiverId: 'bob',
  receiverName: 'Bob',
  photo,
});

describe('migration 004-private-email', () => {
  it('moves every e-mail to userPrivate, clears borrowed pictures, and is idempotent', async () => {
    await seed({
      'users/alice': oldUser('Alice'),
      'users/bob': oldUser('Bob'),
      // Written by the new app already: its private part stays as it is.
      'users/carol': { ...oldUser('Carol'), email: 'old-carol@example.com' },
      'userPrivate/carol': { email: 'carol@example.com' },
      'friendRequest/-Nr1': relation('picture:bob:v1'),
      'friendRequest/-Nr2': relation('picture:alice:v1'),
      'friendList/-Nf1': relation('picture:carol:v2'),
    });
    expect(await migratePrivateEmail()).toBe(7);

    expect(await get('users/alice')).toEqual({
      username: 'Alice',
      photo: '/default-avatar.svg',
      usernameLower: 'alice',
    });
    expect(await get('userPrivate')).toEqual({
      alice: { email: 'alice@example.com' },
      bob: { email: 'bob@example.com' },
      carol: { email: 'carol@example.com' },
    });
    expect(await get('friendRequest/-Nr1/photo')).toBe('');
    expect(await get('friendRequest/-Nr2/photo')).toBe('picture:alice:v1');
    expect(await get('friendList/-Nf1/photo')).toBe('');
    expect(await migratePrivateEmail()).toBe(0);

    const page = await assertSucceeds(
      dbAs('bob', { email: 'bob@example.com' })
        .ref('users')
        .orderByChild('usernameLower')
        .limitToFirst(10)
        .get(),
    );
    expect(JSON.stringify(page.val())).not.toContain('@');
    await assertFails(dbAs('bob', { email: 'bob@example.com' }).ref('userPrivate/alice').get());
    await assertSucceeds(
      dbAs('alice', { email: 'alice@example.com' }).ref('userPrivate/alice').get(),
    );
  });

  it('has nothing to do on an empty database', async () => {
    expect(await migratePrivateEmail()).toBe(0);
  });
});
