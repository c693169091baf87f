import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, bob, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { rulesEnvForFile } from './rules-env';

// Delete for me, a list only its owner reads and writes.
const { dbAs, seed, write } = rulesEnvForFile('conversations-hidden');

describe.each([
  ['hiddenMessages', conversationId],
  ['groupHiddenMessages', groupId],
])('%s', (tree, conversationId) => {
  const mine = `${tree}/${alice}/${conversationId}`;

  it('lets the owner hide a message, read the list, and show it again', async () => {
    await assertSucceeds(write(alice, { [`${mine}/-Nm1`]: true }));
    await assertSucceeds(dbAs(alice).ref(mine).once('value'));
    await assertSucceeds(write(alice, { [`${mine}/-Nm1`]: null }));
  });

  it('refuses anyone else reading or writing it, and values other than true', async () => {
    await seed({ [`${mine}/-Nm1`]: true });
    await assertFails(dbAs(bob).ref(mine).once('value'));
    await assertFails(dbAs(null).ref(mine).once('value'));
    await assertFails(dbAs(alice).ref(tree).once('value'));
    await assertFails(write(bob, { [`${mine}/-Nm2`]: true }));
    await assertFails(write(bob, { [`${mine}/-Nm1`]: null }));
    await assertFails(write(alice, { [`${mine}/-Nm2`]: 'yes' }));
    await assertFails(write(alice, { [mine]: 'all' }));
    await assertFails(dbAs(alice, { email_verified: false }).ref(`${mine}/-Nm3`).set(true));
  });
});
