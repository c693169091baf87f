import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, blocked, bob, carol } from './friends-fixtures';
import { dave, groupId, groupWorld } from './groups-fixtures';
import { rulesEnvForFile } from './rules-env';

// A person's signed device list: written by the owner alone, each time a higher version, read by
// whoever may read the devices. (The operator bypasses these rules: against it every reader's pin
// of the highest version holds, tests/integration/encryption-operator-removal.test.ts.)
const { dbAs, seed, write } = rulesEnvForFile('encryption-lists');

const phone = 'Phone000000000000000';
const laptop = 'Laptop00000000000000';
const signature = 'S'.repeat(86);
const list = (version: number, ids = `${phone},${laptop}`) => ({ version, ids, signature });
const bobsList = `deviceLists/${bob}`;
const readList = (reader: string | null) => dbAs(reader).ref(bobsList).once('value');

describe('deviceLists: writing', () => {
  it('lets the owner publish it and replace it with a higher version only', async () => {
    await assertSucceeds(write(bob, { [bobsList]: list(1) }));
    await assertSucceeds(write(bob, { [bobsList]: list(2, phone) }));
    await assertSucceeds(write(bob, { [bobsList]: list(7, '') }));
    await assertFails(write(bob, { [bobsList]: list(7, phone) }));
    await assertFails(write(bob, { [bobsList]: list(3) }));
    await assertSucceeds(write(bob, { [bobsList]: null }));
  });

  it('refuses anyone else, the friend included, and an unverified owner', async () => {
    await seed({ ...befriended, [bobsList]: list(1) });
    await assertFails(write(alice, { [bobsList]: list(2) }));
    await assertFails(write(alice, { [bobsList]: null }));
    await assertFails(write(carol, { [bobsList]: list(2) }));
    await assertFails(write(null, { [bobsList]: list(2) }));
    await assertFails(dbAs(bob, { email_verified: false }).ref(bobsList).set(list(2)));
  });

  it('refuses what is not a list: bad versions, ids, signatures and extra fields', async () => {
    const bad: Array<Record<string, unknown>> = [
      list(0),
      list(1.5),
      { ...list(1), version: '2' },
      list(1, 'short'),
      list(1, `${phone},`),
      list(1, `${phone};${laptop}`),
      { ...list(1), signature: 'S'.repeat(85) },
      { ...list(1), signature: `${'S'.repeat(85)}=` },
      { ...list(1), extra: true },
      { version: 1, ids: phone },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobsList]: value }));
  });
});

describe('deviceLists/signer: the device-signing key that signed the list', () => {
  const publicKey = `B${'K'.repeat(86)}`;
  const signer = (version: number) => ({ version, publicKey, signature: 'C'.repeat(86) });

  it('lets the owner name it, and raise its version with a higher list, never lower it', async () => {
    await assertSucceeds(write(bob, { [bobsList]: list(1) }));
    await assertSucceeds(write(bob, { [bobsList]: { ...list(2), signer: signer(1) } }));
    await assertSucceeds(write(bob, { [bobsList]: { ...list(3, phone), signer: signer(2) } }));
    await assertSucceeds(write(bob, { [bobsList]: { ...list(4, phone), signer: signer(2) } }));
    await assertFails(write(bob, { [bobsList]: { ...list(5, phone), signer: signer(1) } }));
    // Nor does a list go back to one without a device-signing key; deleting it stays possible.
    await assertFails(write(bob, { [bobsList]: list(5, phone) }));
    await assertSucceeds(write(bob, { [bobsList]: null }));
  });

  it('refuses anyone else, and what is not a certificate', async () => {
    await seed({ ...befriended, [bobsList]: list(1) });
    await assertFails(write(alice, { [bobsList]: { ...list(2), signer: signer(1) } }));
    const bad: Array<Record<string, unknown>> = [
      signer(0),
      { ...signer(1), version: 1.5 },
      { ...signer(1), publicKey: 'B' },
      { ...signer(1), signature: 'C'.repeat(85) },
      { ...signer(1), extra: 1 },
      { version: 1, publicKey },
    ];
    for (const value of bad) {
      await assertFails(write(bob, { [bobsList]: { ...list(2), signer: value } }));
    }
  });
});

describe('deviceLists: who reads them', () => {
  it('lets the owner and a friend read, and nobody else', async () => {
    await seed({ ...befriended, [bobsList]: list(1) });
    await assertSucceeds(readList(bob));
    await assertSucceeds(readList(alice));
    await assertFails(readList(carol));
    await assertFails(readList(null));
    await assertFails(dbAs(alice).ref('deviceLists').once('value'));
  });

  it('closes across a block, and opens to a co-member through a key grant only', async () => {
    await seed({ ...blocked, [bobsList]: list(1) });
    await assertFails(readList(alice));
    await seed({ ...groupWorld, [bobsList]: list(1) });
    await assertFails(readList(carol));
    await assertSucceeds(write(carol, { [`deviceKeyGrants/${bob}/${carol}`]: groupId }));
    await assertSucceeds(readList(carol));
    await assertFails(readList(dave));
  });
});
