import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

/** Rules of `hints/{uid}/{key}` (docs/scaling.md, "The hint protocol"): `{ at: now }`, nothing else. */
const { dbAs, seed } = rulesEnvForFile('hints');

const hint = { at: SERVER_TIME };
const hintOf = (uid: string, key: string) => `hints/${uid}/${key}`;
/** A hint written more than a second ago. */
const old = { at: 1 };

beforeEach(() => seed({ 'hints/bob/d:old1': old, 'hints/bob/g:old2': old }));

describe('hints/{uid}/{key} writes', () => {
  it.each(['d:-Nabc_123', 'g:-Ngroup-9', 'directory'])(
    'lets any signed-in person announce news under %s',
    async (key) => {
      await assertSucceeds(dbAs('alice').ref(hintOf('bob', key)).set(hint));
    },
  );

  it('lets an unverified account write one too: the home cannot check more than a sign-in', async () => {
    await assertSucceeds(
      dbAs('carol', { email_verified: false }).ref(hintOf('bob', 'd:c9')).set(hint),
    );
  });

  it('replaces a hint older than a second, in a multi-path update too', async () => {
    await assertSucceeds(dbAs('alice').ref(hintOf('bob', 'd:old1')).set(hint));
    await assertSucceeds(
      dbAs('alice')
        .ref()
        .update({ [hintOf('bob', 'g:old2')]: hint }),
    );
  });

  it('refuses a second write of the same key within a second, not of another key', async () => {
    await assertSucceeds(dbAs('alice').ref(hintOf('bob', 'd:c1')).set(hint));
    await assertFails(dbAs('alice').ref(hintOf('bob', 'd:c1')).set(hint));
    await assertFails(dbAs('bob').ref(hintOf('bob', 'd:c1')).set(hint));
    await assertSucceeds(dbAs('alice').ref(hintOf('bob', 'd:c2')).set(hint));
  });

  it('refuses visitors', async () => {
    await assertFails(dbAs(null).ref(hintOf('bob', 'd:c1')).set(hint));
  });

  it.each([
    ['a client clock', { at: Date.now() }],
    ['a time that is not a number', { at: 'now' }],
    ['a count', { at: SERVER_TIME, unread: 3 }],
    ['an instance', { at: SERVER_TIME, instance: 2 }],
    ['no time', {}],
    ['a bare value', true],
    ['a bare time', SERVER_TIME],
  ])('refuses %s', async (_case, value) => {
    await assertFails(dbAs('alice').ref(hintOf('bob', 'd:c1')).set(value));
  });

  it.each([
    ['no kind', 'c1'],
    ['another kind', 'x:c1'],
    ['an empty id', 'd:'],
    ['an id with other characters', 'd:a b'],
    ['an id over 128 characters', `d:${'a'.repeat(129)}`],
    ['another word', 'directories'],
  ])('refuses a key with %s', async (_case, key) => {
    await assertFails(dbAs('alice').ref(hintOf('bob', key)).set(hint));
  });

  it('lets the owner delete a consumed hint, one or several at once', async () => {
    await assertSucceeds(dbAs('bob').ref(hintOf('bob', 'd:old1')).remove());
    await assertSucceeds(
      dbAs('bob')
        .ref()
        .update({ [hintOf('bob', 'g:old2')]: null }),
    );
  });

  it('refuses a delete by anyone else, and the whole list at once', async () => {
    await assertFails(dbAs('alice').ref(hintOf('bob', 'd:old1')).remove());
    await assertFails(dbAs(null).ref(hintOf('bob', 'd:old1')).remove());
    await assertFails(dbAs('bob').ref('hints/bob').remove());
  });
});

describe('hints/{uid} reads', () => {
  it('lets the owner read their hints', async () => {
    await assertSucceeds(dbAs('bob').ref('hints/bob').get());
  });

  it('refuses anyone else, visitors and the whole tree', async () => {
    await assertFails(dbAs('alice').ref('hints/bob').get());
    await assertFails(dbAs('alice').ref(hintOf('bob', 'd:old1')).get());
    await assertFails(dbAs(null).ref('hints/bob').get());
    await assertFails(dbAs('bob').ref('hints').get());
  });
});
