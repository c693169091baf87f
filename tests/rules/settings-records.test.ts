import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { alice, bob, users } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

// `settings/{uid}` and `notifyKinds` are records, never a bare value.
const { dbAs, seed } = rulesEnvForFile('settings-records');

const settingsOf = (uid: string) => dbAs(uid).ref(`settings/${uid}`);
const twoMegabytes = 'x'.repeat(2 * 1024 * 1024);

describe('settings/{uid} as a whole record', () => {
  beforeEach(() => seed(users));

  it('accepts a record of known keys, and its removal', async () => {
    await assertSucceeds(
      settingsOf(alice).set({
        readReceipts: false,
        showPresence: true,
        friendRequests: 'nobody',
        browserNotifications: true,
        notifyKinds: { message: false, joinRequest: true },
      }),
    );
    await assertSucceeds(settingsOf(alice).remove());
  });

  it('refuses a bare string (2 MB or short), number or boolean as the record', async () => {
    await assertFails(settingsOf(alice).set(twoMegabytes));
    await assertFails(settingsOf(alice).set('on'));
    await assertFails(settingsOf(alice).set(42));
    await assertFails(settingsOf(alice).set(true));
    const stored = await settingsOf(alice).get();
    expect(stored.val()).toBeNull();
  });

  it('refuses a bare value as notifyKinds, and keeps the owner-only rule', async () => {
    await assertFails(settingsOf(alice).child('notifyKinds').set(twoMegabytes));
    await assertFails(settingsOf(alice).child('notifyKinds').set(42));
    await assertFails(settingsOf(alice).update({ notifyKinds: 'all' }));
    await assertSucceeds(settingsOf(alice).child('notifyKinds').set({ message: false }));
    await assertFails(dbAs(bob).ref(`settings/${alice}/notifyKinds`).set({ message: true }));
  });
});

describe('notifications/{uid} as a whole', () => {
  beforeEach(() => seed(users));

  it('is never a bare value, even written by its owner', async () => {
    await assertFails(dbAs(alice).ref(`notifications/${alice}`).set(42));
    await assertFails(dbAs(alice).ref(`notifications/${alice}`).set(twoMegabytes));
  });
});
