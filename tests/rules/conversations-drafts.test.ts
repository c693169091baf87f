import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { conversationKey } from '../../src/lib/conversation-key';
import { randomBytes } from '../../src/lib/crypto/crypto-bytes';
import { draftsKeyFrom, sealDraft } from '../../src/lib/crypto/drafts-seal';
import { alice, bob, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// What I typed and did not send, mine alone.
const { dbAs, seed, write } = rulesEnvForFile('conversations-drafts');

describe.each([
  ['direct' as const, conversationId],
  ['group' as const, groupId],
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

  // The app seals the text with a key only Alice's devices hold.
  const sealedOf = (length: number) =>
    `s1.${'K'.repeat(20)}.v1.${'I'.repeat(16)}.${'C'.repeat(length)}`;
  /** 44 characters of prefix, key id and IV: a sealed text may take 16,100 in all. */
  const SEALED_ROOM = 16_100 - 44;

  it('lets the owner keep a sealed draft, longer than clear text may be, and read it', async () => {
    const key = await draftsKeyFrom(randomBytes(32), alice);
    const text = await sealDraft(key, alice, conversationKey(kind, conversationId), 'Half');
    await assertSucceeds(write(alice, { [mine]: { text, at: SERVER_TIME } }));
    await assertSucceeds(write(alice, { [mine]: { text, replyTo: '-Nmsg1', at: SERVER_TIME } }));
    await assertSucceeds(
      write(alice, { [mine]: { text: sealedOf(SEALED_ROOM), at: SERVER_TIME } }),
    );
    await assertSucceeds(dbAs(alice).ref(mine).once('value'));
    await assertFails(dbAs(bob).ref(mine).once('value'));
    await assertFails(write(bob, { [mine]: { text, at: SERVER_TIME } }));
    await assertFails(write(null, { [mine]: { text, at: SERVER_TIME } }));
  });

  it('refuses a sealed draft that is too long, or text past 4,000 characters not in the sealed form', async () => {
    const at = SERVER_TIME;
    await assertFails(write(alice, { [mine]: { text: sealedOf(SEALED_ROOM + 1), at } }));
    // Starts like a sealed value, but is not one: clear text, bounded as clear text.
    const almost = `s1.${'K'.repeat(20)}.v2.${'I'.repeat(16)}.${'C'.repeat(5000)}`;
    await assertFails(write(alice, { [mine]: { text: almost, at } }));
    await assertFails(write(alice, { [mine]: { text: `${sealedOf(5000)} and words`, at } }));
    await assertFails(
      write(alice, { [mine]: { text: sealedOf(5000).replace('.v1.', '.v1..'), at } }),
    );
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
