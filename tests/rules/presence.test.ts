import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

/** Rules of `status/{uid}`: the owner's presence, of a fixed shape, read one uid at a time. */
const { dbAs, seed } = rulesEnvForFile('status');

const status = (overrides: Record<string, unknown> = {}) => ({
  state: 'online',
  lastChanged: SERVER_TIME,
  ...overrides,
});
const aliceWrites = (value: unknown, token?: Record<string, unknown>) =>
  dbAs('alice', token).ref('status/alice').set(value);

beforeEach(() =>
  seed({
    'status/alice': { state: 'offline', lastChanged: 1 },
    'status/bob': { state: 'online', lastChanged: 2 },
  }),
);

describe('status/{uid} writes', () => {
  it('lets the owner go online and offline at server time', async () => {
    await assertSucceeds(aliceWrites(status()));
    await assertSucceeds(aliceWrites(status({ state: 'offline' })));
  });

  it('lets the owner queue "offline" for when the connection drops', async () => {
    await assertSucceeds(
      dbAs('alice')
        .ref('status/alice')
        .onDisconnect()
        .set(status({ state: 'offline' })),
    );
  });

  it('refuses another user, visitors and an unverified e-mail', async () => {
    await assertFails(dbAs('bob').ref('status/alice').set(status()));
    await assertFails(dbAs(null).ref('status/alice').set(status()));
    await assertFails(aliceWrites(status(), { email_verified: false }));
    await assertFails(dbAs('bob').ref('status/alice').onDisconnect().set(status()));
  });

  it('lets the owner delete the record (with the account), a verified e-mail or not', async () => {
    await assertSucceeds(dbAs('alice').ref('status/alice').remove());
    await assertSucceeds(dbAs('bob', { email_verified: false }).ref('status/bob').remove());
  });

  it("refuses deleting another user's record, and a visitor's deletion", async () => {
    await assertFails(dbAs('bob').ref('status/alice').remove());
    await assertFails(dbAs(null).ref('status/alice').remove());
    await assertFails(dbAs('bob').ref('status').remove());
    await assertFails(dbAs('bob').ref('status/alice').onDisconnect().remove());
  });

  it.each([
    ['a client clock', status({ lastChanged: Date.now() })],
    ['a time that is not a number', status({ lastChanged: 'now' })],
    ['a state other than online or offline', status({ state: 'away' })],
    ['a state that is not a string', status({ state: true })],
    ['a missing state', { lastChanged: SERVER_TIME }],
    ['a missing lastChanged', { state: 'online' }],
    ['an unknown field', status({ device: 'phone' })],
    ['a bare string', 'online'],
  ])('refuses %s', async (_case, value) => {
    await assertFails(aliceWrites(value));
  });

  it('refuses a state change that leaves lastChanged behind', async () => {
    await assertFails(dbAs('alice').ref('status/alice/state').set('online'));
    await assertFails(dbAs('alice').ref('status/alice/lastChanged').set(5));
    await assertSucceeds(dbAs('alice').ref('status/alice/lastChanged').set(SERVER_TIME));
    await assertSucceeds(dbAs('alice').ref('status/alice').update(status()));
  });
});

describe('status/{uid} reads', () => {
  it("lets a signed-in user read anyone's status, one at a time", async () => {
    await assertSucceeds(dbAs('bob').ref('status/alice').get());
    await assertSucceeds(dbAs('alice').ref('status/alice').get());
  });

  it('refuses visitors and the whole list', async () => {
    await assertFails(dbAs(null).ref('status/alice').get());
    await assertFails(dbAs('bob').ref('status').get());
    await assertFails(dbAs('bob').ref('status').orderByChild('state').limitToFirst(10).get());
  });
});
