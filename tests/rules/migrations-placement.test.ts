import { describe, expect, it } from 'vitest';
import { emulatorDb } from '../../scripts/migrations/database';
import { migrate } from '../../scripts/migrations/007-placement';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { alice, bob, carol, request, users } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

// Migration 007 gives everyone a home and every conversation a placement on the default
// instance, where single-instance data already is (docs/scaling.md, release A).
const area = 'placement-migration';
const { dbAs, seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);
const place = () => migrate(emulatorDb(target()), () => undefined);

const live0 = { instance: 0, state: 'live' };
const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up' };
const block = { blockbyid: alice, blockbyName: 'Alice', blockid: carol, blockName: 'Carol' };

describe('migration 007-placement', () => {
  it('writes missing homes and placements on instance 0, keeps written ones, is idempotent', async () => {
    await seed({
      ...users,
      'users/dave-uid': { username: 'Dave', usernameLower: 'dave', photo: '' },
      'friendList/-Nfriends0000000001': request,
      'block/-Nblocked00000000001': block,
      'Mygroup/-Ngroup0000000000001': group,
      'Mygroup/-Ngroup0000000000002': group,
      // Written by the new app since: they win.
      'homes/dave-uid': 1,
      'placement/group/-Ngroup0000000000002': { instance: 1, state: 'live' },
      // Messages are not touched.
      'sendMessage/-Nfriends0000000001/-Nmsg': { text: 'hi' },
    });
    const before = await get('sendMessage');

    expect(await place()).toBe(6);
    expect(await get('homes')).toEqual({ [alice]: 0, [bob]: 0, [carol]: 0, 'dave-uid': 1 });
    expect(await get('placement')).toEqual({
      direct: { '-Nfriends0000000001': live0, '-Nblocked00000000001': live0 },
      group: {
        '-Ngroup0000000000001': live0,
        '-Ngroup0000000000002': { instance: 1, state: 'live' },
      },
    });
    expect(await get('sendMessage')).toEqual(before);

    const after = JSON.stringify(await get('/'));
    expect(await place()).toBe(0);
    expect(JSON.stringify(await get('/'))).toBe(after);
  });

  it('writes what the rules would take from the app: readable by the parties', async () => {
    await seed({ ...users, 'friendList/-Nfriends0000000001': request });
    await place();
    const read = await dbAs(bob).ref('placement/direct/-Nfriends0000000001').get();
    expect(read.val()).toEqual(live0);
  });

  it('has nothing to do on an empty database', async () => {
    expect(await place()).toBe(0);
  });
});
