import { describe, expect, it } from 'vitest';
import { makeUsersApi } from '../../src/lib/firebase/profiles/gateway';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest } from './app-clients';

// The app writes where things live as it creates them (docs/scaling.md): a new person's home
// with the profile, a friendship's placement with the accept (the sender's home), a group's
// with its creation (the admin's home). With no configuration, everything is instance 0.
const { signUp } = cleanBackendPerTest();

/**
 * What registration writes (auth/gateway.ts `register` calls it once the account exists), as a
 * new account: no verification e-mails, which the auth tests count.
 */
async function register(username: string) {
  const person = await signUp(username);
  const email = `${username.toLowerCase()}@example.com`;
  await makeUsersApi(person.client.db).saveUserProfile(person.uid, {
    username,
    email,
    photo: '/default-avatar.svg',
  });
  return person;
}

describe('homes and placements written by the app', () => {
  it('gives a new person a home: the default one with no configuration', async () => {
    // The test backend may run several instances (CHATTY_INSTANCES): none configured here.
    await adminUpdate({ 'config/instances': null });
    const sara = await register('Sara');
    expect(await adminGet(`homes/${sara.uid}`)).toBe(0);
  });

  it('gives a new person one of the open instances, never a closed one', async () => {
    await adminUpdate({ 'config/instances': { count: 3, open: { 1: true, 2: true } } });
    const homes = await Promise.all(
      ['ann', 'ben', 'cat', 'dan'].map(async (name) => {
        const user = await register(name);
        return adminGet(`homes/${user.uid}`);
      }),
    );
    for (const home of homes) expect([1, 2]).toContain(home);
  });

  it("places a friendship on its request's sender's home, and a group on its admin's", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    // Alice was registered before homes (none): the default instance.
    const first = await befriend(alice, bob);
    expect(await adminGet(`placement/direct/${first.id}`)).toEqual({ instance: 0, state: 'live' });

    await adminUpdate({
      'config/instances': { count: 2, open: { 0: true, 1: true } },
      [`homes/${bob.uid}`]: 1,
    });
    const carol = await signUp('Carol');
    const second = await befriend(bob, carol);
    expect(await adminGet(`placement/direct/${second.id}`)).toEqual({ instance: 1, state: 'live' });

    const groupId = await bob.groups.createGroup(bob, { groupName: 'Hikers', groupTag: 'Up' });
    expect(await adminGet(`placement/group/${groupId}`)).toEqual({ instance: 1, state: 'live' });
  });
});
