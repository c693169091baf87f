import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, blocked, bob, carol, conversationId } from './friends-fixtures';
import { dave, erin, groupId, groupWorld, membership } from './groups-fixtures';
import { device, devices, epoch, key, wrapBy } from './encryption-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// Sender-key wraps, one per recipient device, written by a party and read by the
// recipient alone; and each person's own note of the epoch they send under.
const { dbAs, seed, write } = rulesEnvForFile('encryption-keys');

describe.each([
  ['conversationKeys', conversationId, { ...befriended, ...devices }, alice, 1, bob, carol],
  ['groupKeys', groupId, { ...groupWorld, ...devices }, carol, 4, bob, dave],
])('%s', (tree, conversationId, world, writer, writerDevice, recipient, outsider) => {
  const wrapFor = (uid: string, n: number, id = epoch) =>
    `${tree}/${conversationId}/${uid}/${id}/${device(n)}`;
  const mine = wrapBy(writer, writerDevice);

  it('lets a party wrap an epoch key for each device of another party and of their own', async () => {
    await seed(world);
    await assertSucceeds(
      write(writer, {
        [wrapFor(recipient, 2)]: mine,
        [wrapFor(recipient, 3)]: mine,
        [wrapFor(writer, writerDevice)]: mine,
      }),
    );
    await assertSucceeds(
      dbAs(recipient).ref(`${tree}/${conversationId}/${recipient}`).once('value'),
    );
  });

  it('refuses outsiders, forged authors, unknown recipients and bad shapes', async () => {
    await seed(world);
    await assertFails(write(outsider, { [wrapFor(recipient, 2)]: wrapBy(outsider, 5) }));
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: { ...mine, by: recipient } }));
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: { ...mine, from: 'Dev1' } }));
    await assertFails(
      write(writer, { [wrapFor(recipient, 2)]: { ...mine, from: 'Dev.'.repeat(5) } }),
    );
    await assertFails(
      write(writer, { [`${tree}/${conversationId}/${recipient}/${epoch}/Dev2`]: mine }),
    );
    await assertFails(write(writer, { [wrapFor(outsider, 5)]: mine }));
    await assertFails(write(writer, { [wrapFor(recipient, 2, 'short')]: mine }));
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: { ...mine, key: 'hello' } }));
    await assertFails(
      write(writer, { [wrapFor(recipient, 2)]: { ...mine, key: `${key}${'C'.repeat(100)}` } }),
    );
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: { ...mine, extra: 1 } }));
    await assertFails(dbAs(writer, { email_verified: false }).ref(wrapFor(recipient, 2)).set(mine));
  });

  // The wraps live on the conversation's instance, the devices on the directory: whether a
  // device id names a signed device is the reader's check (docs/rules.md).
  it('leaves the devices a wrap names to the reader: unlisted ones are stored, shaped alike', async () => {
    await seed({ ...world, ...Object.fromEntries(Object.keys(devices).map((p) => [p, null])) });
    await assertSucceeds(write(writer, { [wrapFor(recipient, 9)]: mine }));
    await assertSucceeds(write(writer, { [wrapFor(recipient, 2)]: { ...mine, from: device(8) } }));
    await assertFails(dbAs(writer).ref(wrapFor(recipient, 9)).once('value'));
  });

  it('keeps a wrap once written: only its recipient replaces or deletes it', async () => {
    await seed({ ...world, [wrapFor(recipient, 2)]: mine });
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: mine }));
    await assertFails(write(writer, { [wrapFor(recipient, 2)]: null }));
    await assertSucceeds(write(recipient, { [wrapFor(recipient, 2)]: wrapBy(recipient, 3) }));
    await assertSucceeds(write(recipient, { [wrapFor(recipient, 2)]: null }));
  });

  it('lets nobody but the recipient read their wraps', async () => {
    await seed({ ...world, [wrapFor(recipient, 2)]: mine });
    await assertFails(dbAs(writer).ref(`${tree}/${conversationId}/${recipient}`).once('value'));
    await assertFails(dbAs(outsider).ref(wrapFor(recipient, 2)).once('value'));
    await assertFails(dbAs(null).ref(wrapFor(recipient, 2)).once('value'));
    await assertFails(dbAs(recipient).ref(`${tree}/${conversationId}`).once('value'));
  });
});

describe('who may wrap, as relationships change', () => {
  it('refuses new wraps across a block', async () => {
    await seed({ ...blocked, ...devices });
    await assertFails(
      write(alice, {
        [`conversationKeys/${conversationId}/${bob}/${epoch}/${device(2)}`]: wrapBy(alice, 1),
      }),
    );
  });

  it('refuses wraps for an invitee and, after a removal, to and from the removed member', async () => {
    await seed({ ...groupWorld, ...devices });
    const at = (uid: string, n: number) => `groupKeys/${groupId}/${uid}/${epoch}/${device(n)}`;
    await assertFails(write(carol, { [at(erin, 6)]: wrapBy(carol, 4) }));
    await assertSucceeds(write(alice, { [at(carol, 4)]: wrapBy(alice, 1) }));
    await seed(membership(carol, null));
    await assertFails(
      write(alice, {
        [`groupKeys/${groupId}/${carol}/-Nepoch0000000000002/${device(4)}`]: wrapBy(alice, 1),
      }),
    );
    await assertFails(write(carol, { [at(bob, 2)]: wrapBy(carol, 4) }));
  });
});

describe('senderEpochs (dropped: the sending epoch is each device’s own record)', () => {
  const note = `senderEpochs/${alice}/d:${conversationId}`;
  const value = { epoch, devices: 'x'.repeat(43), at: SERVER_TIME };

  it('is open to nobody, its owner included', async () => {
    await assertFails(write(alice, { [note]: value }));
    await assertFails(dbAs(alice).ref(`senderEpochs/${alice}`).once('value'));
    await assertFails(write(bob, { [`senderEpochs/${alice}/g:${groupId}`]: value }));
  });
});
