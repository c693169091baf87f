import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, bob } from './friends-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// A person's key backup and their security codes, read and written by them alone.
const { dbAs, seed, write } = rulesEnvForFile('encryption-backup');

const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const phone = 'Phone000000000000000';
const laptop = 'Laptop00000000000000';
const epoch = '-NzEpoch000000000000';
const device = { publicKey, createdAt: 1 };
const bobsDevices = {
  [`deviceKeys/${bob}/${phone}`]: device,
  [`deviceKeys/${bob}/${laptop}`]: device,
};
/** The shape of a sealed 32-byte key: `v1.` + 16 + `.` + 64 base64url characters. */
const envelope = (fill = 'A') => `v1.${'I'.repeat(16)}.${fill.repeat(64)}`;
const backup = {
  sealed: envelope('S'),
  createdAt: SERVER_TIME,
  devices: { [phone]: { key: envelope('W'), from: phone } },
};
const storedBackup = { ...backup, createdAt: 1 };
const bobsBackup = `keyBackup/${bob}`;

describe('keyBackup: the owner alone', () => {
  it('lets the owner create it, add devices and keys, confirm, reseal, read and delete it', async () => {
    await seed(bobsDevices);
    await assertSucceeds(write(bob, { [bobsBackup]: backup }));
    await assertSucceeds(
      write(bob, { [`${bobsBackup}/devices/${laptop}`]: { key: envelope('X'), from: phone } }),
    );
    await assertSucceeds(write(bob, { [`${bobsBackup}/keys/d:rel1/${epoch}`]: envelope('K') }));
    await assertSucceeds(write(bob, { [`${bobsBackup}/keys/g:-Group1/${epoch}`]: envelope('G') }));
    await assertSucceeds(write(bob, { [`${bobsBackup}/savedAt`]: SERVER_TIME }));
    await assertSucceeds(
      write(bob, { [`${bobsBackup}/sealed`]: envelope('T'), [`${bobsBackup}/savedAt`]: null }),
    );
    await assertSucceeds(dbAs(bob).ref(bobsBackup).once('value'));
    await assertSucceeds(write(bob, { [bobsBackup]: null }));
  });

  it('refuses every other user, friends included, to read or write it, and an unverified owner', async () => {
    await seed({ ...befriended, ...bobsDevices, [bobsBackup]: storedBackup });
    await assertFails(dbAs(alice).ref(bobsBackup).once('value'));
    await assertFails(dbAs(alice).ref(`${bobsBackup}/keys`).once('value'));
    await assertFails(dbAs(null).ref(bobsBackup).once('value'));
    await assertFails(dbAs(alice).ref('keyBackup').once('value'));
    await assertFails(write(alice, { [`${bobsBackup}/sealed`]: envelope('E') }));
    await assertFails(write(alice, { [`${bobsBackup}/keys/d:rel1/${epoch}`]: envelope('E') }));
    await assertFails(
      write(alice, { [`${bobsBackup}/devices/${laptop}`]: { key: envelope('E'), from: phone } }),
    );
    await assertFails(write(alice, { [bobsBackup]: null }));
    await assertFails(write(null, { [`${bobsBackup}/savedAt`]: SERVER_TIME }));
    await assertFails(
      dbAs(bob, { email_verified: false })
        .ref(`${bobsBackup}/keys/d:rel1/${epoch}`)
        .set(envelope('K')),
    );
  });

  it('refuses forged shapes: no seal, bad envelopes, client clocks, unknown devices, stray fields', async () => {
    await seed(bobsDevices);
    const bad: Array<Record<string, unknown>> = [
      { createdAt: SERVER_TIME },
      { ...backup, sealed: 'plain text recovery key' },
      { ...backup, sealed: `v1.${'I'.repeat(16)}.${'A'.repeat(65)}` },
      { ...backup, sealed: `v2.${'I'.repeat(16)}.${'A'.repeat(64)}` },
      { ...backup, createdAt: Date.now() },
      { ...backup, savedAt: Date.now() },
      { ...backup, recoveryKey: 'ABCD EFGH' },
      { ...backup, devices: { [phone]: { key: envelope('W'), from: 'Unknown0000000000000' } } },
      { ...backup, devices: { Unknown0000000000000: { key: envelope('W'), from: phone } } },
      { ...backup, devices: { [phone]: { key: envelope('W'), from: phone, extra: 1 } } },
      { ...backup, devices: { [phone]: { key: 'x', from: phone } } },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobsBackup]: value }));
    await seed({ [bobsBackup]: storedBackup });
    await assertFails(write(bob, { [`${bobsBackup}/createdAt`]: SERVER_TIME }));
    await assertFails(write(bob, { [`${bobsBackup}/keys/x:rel1/${epoch}`]: envelope('K') }));
    await assertFails(write(bob, { [`${bobsBackup}/keys/d:rel1/short`]: envelope('K') }));
    await assertFails(write(bob, { [`${bobsBackup}/keys/d:rel1/${epoch}`]: 'the raw key' }));
    await assertFails(write(bob, { [`${bobsBackup}/keys/d:rel1`]: 'flat' }));
    await assertFails(write(bob, { [`${bobsBackup}/keys`]: 'flat' }));
    await assertFails(write(bob, { [`${bobsBackup}/devices`]: 'flat' }));
    await assertFails(write(bob, { [`${bobsBackup}/sealed`]: null }));
  });
});

describe('securityCodes: what I saw and verified, mine alone', () => {
  const code = '0123456789'.repeat(6);
  const record = { code, verified: true, at: SERVER_TIME };
  const bobSawAlice = `securityCodes/${bob}/${alice}`;

  it('lets the owner mark a friend verified, unmark it and read it', async () => {
    await assertSucceeds(write(bob, { [bobSawAlice]: record }));
    await assertSucceeds(write(bob, { [bobSawAlice]: { ...record, verified: false } }));
    await assertSucceeds(dbAs(bob).ref(bobSawAlice).once('value'));
    await assertSucceeds(write(bob, { [bobSawAlice]: null }));
  });

  it('refuses everyone else, the friend included, and forged shapes', async () => {
    await seed({ ...befriended, [bobSawAlice]: { ...record, at: 1 } });
    await assertFails(dbAs(alice).ref(bobSawAlice).once('value'));
    await assertFails(dbAs(alice).ref(`securityCodes/${bob}`).once('value'));
    await assertFails(write(alice, { [bobSawAlice]: record }));
    await assertFails(write(alice, { [`${bobSawAlice}/verified`]: false }));
    await assertFails(write(null, { [bobSawAlice]: null }));
    const bad: Array<Record<string, unknown>> = [
      { ...record, code: code.slice(1) },
      { ...record, code: `${code.slice(1)}x` },
      { ...record, verified: 'yes' },
      { ...record, at: Date.now() },
      { code, verified: true },
      { ...record, note: 'hi' },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobSawAlice]: value }));
    await assertFails(write(bob, { [`securityCodes/${bob}/${bob}`]: record }));
    await assertFails(write(bob, { [`securityCodes/${bob}`]: 'flat' }));
  });
});
