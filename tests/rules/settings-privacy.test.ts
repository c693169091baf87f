import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { alice, bob, carol, pairAB, conversationId, request, users } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

/** `settings/{uid}` privacy and notification keys, and the rules that read them. */
const { dbAs, seed, write } = rulesEnvForFile('settings-privacy');

const settingsOf = (uid: string) => dbAs(uid).ref(`settings/${uid}`);

describe('settings/{uid} privacy and notification keys', () => {
  beforeEach(() => seed(users));

  it('lets the owner set each key to a value of its type', async () => {
    await assertSucceeds(settingsOf(alice).child('showPresence').set(false));
    await assertSucceeds(settingsOf(alice).child('friendRequests').set('nobody'));
    await assertSucceeds(settingsOf(alice).child('friendRequests').set('everyone'));
    await assertSucceeds(settingsOf(alice).child('browserNotifications').set(true));
    await assertSucceeds(settingsOf(alice).child('notifyKinds/message').set(false));
    await assertSucceeds(settingsOf(alice).child('notifyKinds/groupInvite').set(true));
    await assertSucceeds(settingsOf(alice).get());
  });

  it('refuses other people, wrong types, unknown values and unknown kinds', async () => {
    await assertFails(dbAs(bob).ref(`settings/${alice}/showPresence`).set(true));
    await assertFails(dbAs(bob).ref(`settings/${alice}`).get());
    await assertFails(settingsOf(alice).child('showPresence').set('no'));
    await assertFails(settingsOf(alice).child('friendRequests').set('friends'));
    await assertFails(settingsOf(alice).child('browserNotifications').set(1));
    await assertFails(settingsOf(alice).child('notifyKinds/spam').set(true));
    await assertFails(settingsOf(alice).child('notifyKinds/message').set('yes'));
  });
});

describe('status/{uid} with presence hidden', () => {
  beforeEach(() => seed({ ...users, [`status/${alice}`]: { state: 'online', lastChanged: 1 } }));

  it('is readable by others while shown (absent or true)', async () => {
    await assertSucceeds(dbAs(bob).ref(`status/${alice}`).get());
    await seed({ [`settings/${alice}/showPresence`]: true });
    await assertSucceeds(dbAs(bob).ref(`status/${alice}`).get());
  });

  it('is closed to everyone but the owner once hidden', async () => {
    await seed({ [`settings/${alice}/showPresence`]: false });
    await assertFails(dbAs(bob).ref(`status/${alice}`).get());
    await assertFails(dbAs(carol).ref(`status/${alice}/lastChanged`).get());
    await assertFails(dbAs(null).ref(`status/${alice}`).get());
    await assertSucceeds(dbAs(alice).ref(`status/${alice}`).get());
  });
});

describe('friend requests to someone who takes them from nobody', () => {
  beforeEach(() => seed(users));
  const send = () =>
    write(alice, { [`friendRequest/${conversationId}`]: request, [pairAB]: conversationId });

  it('are refused', async () => {
    await seed({ [`settings/${bob}/friendRequests`]: 'nobody' });
    await assertFails(send());
  });

  it('are accepted again once the receiver takes them from everyone', async () => {
    await seed({ [`settings/${bob}/friendRequests`]: 'everyone' });
    await assertSucceeds(send());
  });
});
