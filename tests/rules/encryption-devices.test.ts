import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, blocked, bob, carol } from './friends-fixtures';
import { dave, erin, groupId, groupWorld, membership } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// The device key directory, owner-written, read by friends and by co-members through
// a grant that is checked again at read time.
const { dbAs, seed, write } = rulesEnvForFile('encryption-devices');

const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const otherKey =
  'BB-ZJhU8K0vI4yqw6b_lAa7c9ROCIirDUgCKswqgL-vSO1Omf_FMH456tw2XCjE17OWppX24T5FBqB5noxX3yoY';
const deviceId = 'Dev0123456789abcdefg';
const device = { publicKey, createdAt: SERVER_TIME };
const stored = { publicKey, createdAt: 1 };
const bobsDevice = `deviceKeys/${bob}/${deviceId}`;
const readKeys = (reader: string | null, owner = bob) =>
  dbAs(reader).ref(`deviceKeys/${owner}`).once('value');

describe('deviceKeys: publishing', () => {
  it('lets the owner publish a device and remove it', async () => {
    await assertSucceeds(write(bob, { [bobsDevice]: device }));
    await assertSucceeds(write(bob, { [bobsDevice]: null }));
  });

  // Friends and co-members read the directory: when a device was last used, and its browser,
  // live in the owner-only deviceSeen (encryption-device-seen.test.ts).
  it('refuses a label or a last-use time in the directory', async () => {
    const label = 'Chromium on Linux';
    // The shape the directory had before migration 003.
    await assertFails(write(bob, { [bobsDevice]: { ...device, label, lastSeenAt: SERVER_TIME } }));
    await assertFails(write(bob, { [bobsDevice]: { ...device, label } }));
    await seed({ [bobsDevice]: { ...stored, label, lastSeenAt: 1 } });
    await assertFails(write(bob, { [`${bobsDevice}/lastSeenAt`]: SERVER_TIME }));
    await assertFails(write(bob, { [`${bobsDevice}/label`]: 'Work laptop' }));
  });

  it('refuses anyone else, and an unverified owner', async () => {
    await assertFails(write(alice, { [bobsDevice]: device }));
    await assertFails(write(null, { [bobsDevice]: device }));
    await assertFails(dbAs(bob, { email_verified: false }).ref(bobsDevice).set(device));
    await seed({ [bobsDevice]: stored });
    await assertFails(write(alice, { [bobsDevice]: null }));
    await assertFails(write(alice, { [`${bobsDevice}/approvedBy`]: deviceId }));
  });

  it('never changes a published key or its creation time', async () => {
    await seed({ [bobsDevice]: stored });
    await assertFails(write(bob, { [`${bobsDevice}/publicKey`]: otherKey }));
    await assertFails(write(bob, { [bobsDevice]: { ...device, publicKey: otherKey } }));
    await assertFails(write(bob, { [`${bobsDevice}/createdAt`]: SERVER_TIME }));
  });

  it('refuses keys that are not P-256 points in base64url, bad ids, client clocks and extra fields', async () => {
    const bad: Array<Record<string, unknown>> = [
      { ...device, publicKey: publicKey.slice(1) },
      { ...device, publicKey: `A${publicKey.slice(1)}` },
      { ...device, publicKey: `${publicKey.slice(0, 86)}=` },
      { ...device, createdAt: 1 },
      { ...device, privateKey: 'oops' },
      { publicKey },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobsDevice]: value }));
    await assertFails(write(bob, { [`deviceKeys/${bob}/short`]: device }));
    await assertFails(write(bob, { [`deviceKeys/${bob}/${deviceId}x`]: device }));
  });
});

describe('deviceKeys: approval of a new device', () => {
  const laptopId = 'Laptop00000000000000';
  const bobsLaptop = `deviceKeys/${bob}/${laptopId}`;

  it('lets the owner mark a device approved by another of theirs, or by itself', async () => {
    await seed({ [bobsDevice]: stored, [bobsLaptop]: stored });
    await assertSucceeds(write(bob, { [`${bobsLaptop}/approvedBy`]: deviceId }));
    await assertSucceeds(write(bob, { [`${bobsDevice}/approvedBy`]: deviceId }));
    // The first device of an account is published approved by itself.
    await assertSucceeds(
      write(bob, {
        [`deviceKeys/${bob}/First000000000000000`]: {
          ...device,
          approvedBy: 'First000000000000000',
        },
      }),
    );
  });

  it('refuses approvals by anyone else, by a device that is not theirs, and bad ids', async () => {
    await seed({ ...befriended, [bobsDevice]: stored, [bobsLaptop]: stored });
    await assertFails(write(alice, { [`${bobsLaptop}/approvedBy`]: deviceId }));
    await assertFails(write(bob, { [`${bobsLaptop}/approvedBy`]: 'Unknown0000000000000' }));
    await assertFails(write(bob, { [`${bobsLaptop}/approvedBy`]: true }));
    await assertFails(write(bob, { [`${bobsLaptop}/approvedBy`]: 'short' }));
    await assertFails(
      write(bob, {
        [`deviceKeys/${bob}/New00000000000000000`]: {
          ...device,
          approvedBy: 'Unknown0000000000000',
        },
      }),
    );
  });
});

describe('deviceKeys: who reads them', () => {
  it('lets the owner and a friend read, and nobody else', async () => {
    await seed({ ...befriended, [bobsDevice]: stored });
    await assertSucceeds(readKeys(bob));
    await assertSucceeds(readKeys(alice));
    await assertFails(readKeys(carol));
    await assertFails(readKeys(null));
    await assertFails(dbAs(alice).ref('deviceKeys').once('value'));
  });

  it('closes them across a block', async () => {
    await seed({ ...blocked, [bobsDevice]: stored });
    await assertFails(readKeys(alice));
  });
});

describe('deviceKeyGrants: co-members read each other through a group', () => {
  const carolReadsBob = `deviceKeyGrants/${bob}/${carol}`;

  it('lets a member ask for a co-member, the admin included, and then read their keys', async () => {
    await seed({ ...groupWorld, [bobsDevice]: stored });
    await assertFails(readKeys(carol));
    await assertSucceeds(write(carol, { [carolReadsBob]: groupId }));
    await assertSucceeds(readKeys(carol));
    await assertSucceeds(write(alice, { [`deviceKeyGrants/${bob}/${alice}`]: groupId }));
    await assertSucceeds(write(bob, { [`deviceKeyGrants/${alice}/${bob}`]: groupId }));
    await assertSucceeds(dbAs(bob).ref(carolReadsBob).once('value'));
  });

  it('refuses grants for outsiders, invitees, other readers, oneself and groups not shared', async () => {
    await seed({ ...groupWorld, [bobsDevice]: stored });
    await assertFails(write(dave, { [`deviceKeyGrants/${bob}/${dave}`]: groupId }));
    await assertFails(write(erin, { [`deviceKeyGrants/${bob}/${erin}`]: groupId }));
    await assertFails(write(carol, { [`deviceKeyGrants/${bob}/${dave}`]: groupId }));
    await assertFails(write(bob, { [`deviceKeyGrants/${bob}/${bob}`]: groupId }));
    await assertFails(write(carol, { [carolReadsBob]: '-NotAGroup0000000000' }));
    await assertFails(write(carol, { [carolReadsBob]: true }));
    await assertFails(dbAs(dave).ref(`deviceKeyGrants/${bob}/${carol}`).once('value'));
  });

  it('opens nothing once the reader leaves, though the grant is still stored', async () => {
    await seed({ ...groupWorld, [bobsDevice]: stored, [carolReadsBob]: groupId });
    await assertSucceeds(readKeys(carol));
    await seed(membership(carol, null));
    await assertFails(readKeys(carol));
    await assertFails(write(carol, { [carolReadsBob]: groupId }));
    await assertSucceeds(write(bob, { [carolReadsBob]: null }));
  });
});
