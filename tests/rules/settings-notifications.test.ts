import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, bob } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

// The notification preview and sound switches, the owner's booleans.
const { dbAs } = rulesEnvForFile('settings-notifications');

describe.each(['notificationPreviews', 'notificationSound'])('settings/{uid}/%s', (key) => {
  const path = `settings/${alice}/${key}`;

  it('lets the owner switch it and read it', async () => {
    await assertSucceeds(dbAs(alice).ref(path).set(false));
    await assertSucceeds(dbAs(alice).ref(path).set(true));
    await assertSucceeds(dbAs(alice).ref(path).once('value'));
  });

  it('refuses anyone else, signed out, and values other than booleans', async () => {
    await assertFails(dbAs(bob).ref(path).set(true));
    await assertFails(dbAs(bob).ref(path).once('value'));
    await assertFails(dbAs(null).ref(path).set(true));
    await assertFails(dbAs(alice).ref(path).set('on'));
    await assertFails(dbAs(alice).ref(path).set(1));
  });
});
