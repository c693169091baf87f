import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, blocked, bob, carol } from './friends-fixtures';
import { dave, groupId, groupWorld } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// A person's identity key and their devices' signatures: written by the owner
// alone, read by whoever may read the devices. (The operator bypasses these rules: against them
// the pins on each device hold, tests/integration/encryption-operator-*.test.ts.)
const { dbAs, seed, write } = rulesEnvForFile('encryption-identity');

const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const otherKey =
  'BB-ZJhU8K0vI4yqw6b_lAa7c9ROCIirDUgCKswqgL-vSO1Omf_FMH456tw2XCjE17OWppX24T5FBqB5noxX3yoY';
const identity = { publicKey, createdAt: SERVER_TIME };
const bobsIdentity = `identityKeys/${bob}`;
const deviceId = 'Dev0123456789abcdefg';
const bobsDevice = `deviceKeys/${bob}/${deviceId}`;
const signature = 'S'.repeat(86);
const readIdentity = (reader: string | null, owner = bob) =>
  dbAs(reader).ref(`identityKeys/${owner}`).once('value');

describe('identityKeys: writing', () => {
  it('lets the owner publish it, replace it (a reset) and remove it', async () => {
    await assertSucceeds(write(bob, { [bobsIdentity]: identity }));
    await assertSucceeds(write(bob, { [bobsIdentity]: { ...identity, publicKey: otherKey } }));
    await assertSucceeds(write(bob, { [bobsIdentity]: null }));
  });

  it('refuses anyone else, the friend included, and an unverified owner', async () => {
    await seed({ ...befriended, [bobsIdentity]: { publicKey, createdAt: 1 } });
    await assertFails(write(alice, { [bobsIdentity]: { ...identity, publicKey: otherKey } }));
    await assertFails(write(alice, { [`${bobsIdentity}/publicKey`]: otherKey }));
    await assertFails(write(alice, { [bobsIdentity]: null }));
    await assertFails(write(null, { [bobsIdentity]: identity }));
    await assertFails(dbAs(bob, { email_verified: false }).ref(bobsIdentity).set(identity));
  });

  it('refuses what is not a P-256 point, client clocks and extra fields', async () => {
    const bad: Array<Record<string, unknown>> = [
      { ...identity, publicKey: publicKey.slice(1) },
      { ...identity, publicKey: `A${publicKey.slice(1)}` },
      { ...identity, createdAt: 1 },
      { ...identity, privateKey: 'oops' },
      { publicKey },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobsIdentity]: value }));
  });
});

describe('identityKeys: who reads them', () => {
  it('lets the owner and a friend read, and nobody else', async () => {
    await seed({ ...befriended, [bobsIdentity]: { publicKey, createdAt: 1 } });
    await assertSucceeds(readIdentity(bob));
    await assertSucceeds(readIdentity(alice));
    await assertFails(readIdentity(carol));
    await assertFails(readIdentity(null));
    await assertFails(dbAs(alice).ref('identityKeys').once('value'));
  });

  it('closes across a block, and opens to a co-member through a key grant only', async () => {
    await seed({ ...blocked, [bobsIdentity]: { publicKey, createdAt: 1 } });
    await assertFails(readIdentity(alice));
    await seed({ ...groupWorld, [bobsIdentity]: { publicKey, createdAt: 1 } });
    await assertFails(readIdentity(carol));
    await assertSucceeds(write(carol, { [`deviceKeyGrants/${bob}/${carol}`]: groupId }));
    await assertSucceeds(readIdentity(carol));
    await assertFails(readIdentity(dave));
  });
});

describe('deviceKeys/{id}/signature: approval by the identity key', () => {
  it('lets the owner sign a device, with its approval, in one update, and change it', async () => {
    await seed({ [bobsDevice]: { publicKey, createdAt: 1 } });
    await assertSucceeds(
      write(bob, {
        [`${bobsDevice}/signature`]: signature,
        [`${bobsDevice}/approvedBy`]: deviceId,
      }),
    );
    await assertSucceeds(write(bob, { [`${bobsDevice}/signature`]: 'T'.repeat(86) }));
    await assertSucceeds(
      write(bob, {
        [`deviceKeys/${bob}/Other000000000000000`]: {
          publicKey,
          createdAt: SERVER_TIME,
          signature,
        },
      }),
    );
  });

  it('refuses anyone else, and what is not a 64-byte signature', async () => {
    await seed({ ...befriended, [bobsDevice]: { publicKey, createdAt: 1 } });
    await assertFails(write(alice, { [`${bobsDevice}/signature`]: signature }));
    for (const bad of ['S'.repeat(85), 'S'.repeat(87), `${'S'.repeat(85)}=`, 64, true]) {
      await assertFails(write(bob, { [`${bobsDevice}/signature`]: bad }));
    }
  });
});
