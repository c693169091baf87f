import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, bob, conversationId } from './friends-fixtures';
import { groupId } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// Mute, archive and pins, each person's own.
const { dbAs, seed, write } = rulesEnvForFile('inbox-prefs');
const HOUR = 60 * 60 * 1000;

describe.each([
  ['direct', conversationId],
  ['group', groupId],
])('inboxPrefs/{uid}/%s', (kind, conversationId) => {
  const mine = `inboxPrefs/${alice}/${kind}/${conversationId}`;

  it('lets the owner mute (for a while or always), archive, unmute and read it back', async () => {
    await assertSucceeds(write(alice, { [`${mine}/mutedUntil`]: Date.now() + 8 * HOUR }));
    await assertSucceeds(write(alice, { [`${mine}/mutedUntil`]: Date.now() + 7 * 24 * HOUR }));
    await assertSucceeds(write(alice, { [`${mine}/mutedUntil`]: 'always' }));
    await assertSucceeds(write(alice, { [`${mine}/archivedAt`]: SERVER_TIME }));
    await assertSucceeds(dbAs(alice).ref(`inboxPrefs/${alice}`).once('value'));
    await assertSucceeds(write(alice, { [`${mine}/mutedUntil`]: null }));
    await assertSucceeds(write(alice, { [mine]: null }));
  });

  it('refuses every other person, signed out, unverified, and reading the whole tree', async () => {
    await seed({ [`${mine}/mutedUntil`]: 'always' });
    await assertFails(dbAs(bob).ref(`inboxPrefs/${alice}`).once('value'));
    await assertFails(dbAs(null).ref(`inboxPrefs/${alice}`).once('value'));
    await assertFails(dbAs(alice).ref('inboxPrefs').once('value'));
    await assertFails(write(bob, { [`${mine}/mutedUntil`]: null }));
    await assertFails(write(bob, { [`${mine}/archivedAt`]: SERVER_TIME }));
    await assertFails(write(null, { [`${mine}/archivedAt`]: SERVER_TIME }));
    await assertFails(
      dbAs(alice, { email_verified: false }).ref(`${mine}/archivedAt`).set(SERVER_TIME),
    );
  });

  it('refuses forged shapes: bad mute values, a client archive time, unknown fields', async () => {
    await assertFails(write(alice, { [`${mine}/mutedUntil`]: 'forever' }));
    await assertFails(write(alice, { [`${mine}/mutedUntil`]: true }));
    await assertFails(write(alice, { [`${mine}/mutedUntil`]: -5 }));
    await assertFails(write(alice, { [`${mine}/mutedUntil`]: Date.now() + 30 * 24 * HOUR }));
    await assertFails(write(alice, { [`${mine}/archivedAt`]: Date.now() - 1000 }));
    await assertFails(write(alice, { [`${mine}/archivedAt`]: true }));
    await assertFails(write(alice, { [`${mine}/pinned`]: true }));
    await assertFails(write(alice, { [mine]: 'muted' }));
    await assertFails(write(alice, { [`inboxPrefs/${alice}/${kind}`]: 42 }));
  });
});

describe('inboxPrefs/{uid}/pins', () => {
  const pins = `inboxPrefs/${alice}/pins`;

  it('lets the owner pin up to three conversations in order, reorder and clear them', async () => {
    await assertSucceeds(
      dbAs(alice)
        .ref(pins)
        .set([`d:${conversationId}`]),
    );
    await assertSucceeds(
      dbAs(alice)
        .ref(pins)
        .set([`d:${conversationId}`, `g:${groupId}`, 'd:-Nother']),
    );
    await assertSucceeds(
      dbAs(alice)
        .ref(pins)
        .set([`g:${groupId}`]),
    );
    await assertSucceeds(dbAs(alice).ref(pins).remove());
  });

  it('refuses a fourth pin, values that are not conversation keys, and anyone else', async () => {
    await assertFails(dbAs(alice).ref(pins).set(['d:a', 'd:b', 'd:c', 'd:d']));
    await assertFails(dbAs(alice).ref(`${pins}/3`).set('d:d'));
    await assertFails(dbAs(alice).ref(`${pins}/x`).set('d:d'));
    await assertFails(dbAs(alice).ref(pins).set([conversationId]));
    await assertFails(dbAs(alice).ref(pins).set(['d:']));
    await assertFails(
      dbAs(alice)
        .ref(pins)
        .set([`d:${'x'.repeat(129)}`]),
    );
    await assertFails(dbAs(alice).ref(pins).set([7]));
    await assertFails(dbAs(alice).ref(pins).set('d:a'));
    await seed({ [pins]: ['d:a'] });
    await assertFails(dbAs(bob).ref(pins).once('value'));
    await assertFails(dbAs(bob).ref(pins).set(['d:b']));
    await assertFails(dbAs(null).ref(pins).remove());
  });

  it('refuses unknown children of the person’s record and a bare value as the record', async () => {
    await assertFails(write(alice, { [`inboxPrefs/${alice}/theme`]: 'dark' }));
    await assertFails(dbAs(alice).ref(`inboxPrefs/${alice}`).set('x'.repeat(10_000)));
  });
});
