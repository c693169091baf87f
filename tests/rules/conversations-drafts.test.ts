import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, bob, relId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// Issue 27: what I typed and did not send, mine alone.
const { dbAs, seed, write } = rulesEnvForFile('conversations-drafts');

describe.each([
  ['direct', relId],
  ['group', groupId],
])('drafts/{uid}/%s', (kind, conversationId) => {
  const mine = `drafts/${alice}/${kind}/${conversationId}`;
  const draft = { text: 'Half a thought', at: SERVER_TIME };

  it('lets the owner keep a draft (and a reply being prepared), read it and remove it', async () => {
    await assertSucceeds(write(alice, { [mine]: draft }));
    await assertSucceeds(write(alice, { [mine]: { ...draft, replyTo: '-Nmsg1' } }));
    await assertSucceeds(
      write(alice, { [mine]: { text: '', replyTo: '-Nmsg1', at: SERVER_TIME } }),
    );
    await assertSucceeds(write(alice, { [mine]: { text: 'x'.repeat(4000), at: SERVER_TIME } }));
    await assertSucceeds(dbAs(alice).ref(`drafts/${alice}`).once('value'));
    await assertSucceeds(write(alice, { [mine]: null }));
  });

  it('refuses every other person, signed out, unverified, and reading the whole tree', async () => {
    await seed({ [mine]: { text: 'secret', at: 1 } });
    await assertFails(dbAs(bob).ref(mine).once('value'));
    await assertFails(dbAs(bob).ref(`drafts/${alice}`).once('value'));
    await assertFails(dbAs(null).ref(mine).once('value'));
    await assertFails(dbAs(alice).ref('drafts').once('value'));
    await assertFails(write(bob, { [mine]: draft }));
    await assertFails(write(bob, { [mine]: null }));
    await assertFails(write(null, { [mine]: draft }));
    await assertFails(dbAs(alice, { email_verified: false }).ref(mine).set(draft));
  });

  it('refuses forged shapes and oversized text', async () => {
    await assertFails(write(alice, { [mine]: { text: 'x'.repeat(4001), at: SERVER_TIME } }));
    await assertFails(write(alice, { [mine]: { text: 42, at: SERVER_TIME } }));
    await assertFails(write(alice, { [mine]: { text: 'hi' } }));
    await assertFails(write(alice, { [mine]: { text: 'hi', at: Date.now() } }));
    await assertFails(write(alice, { [mine]: { ...draft, replyTo: '' } }));
    await assertFails(write(alice, { [mine]: { ...draft, replyTo: 'x'.repeat(129) } }));
    await assertFails(write(alice, { [mine]: { ...draft, sendAt: SERVER_TIME } }));
    await assertFails(write(alice, { [mine]: 'hi' }));
    await assertFails(write(alice, { [`drafts/${alice}/notes/${conversationId}`]: draft }));
  });
});
