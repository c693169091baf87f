import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, bob } from './friends-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// A person's key backup (their identity key sealed in it), read and written by them alone.
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

describe('securityCodes: gone (the codes I saw are pinned on my device)', () => {
  it('refuses every write and read, the owner included', async () => {
    const record = { code: '0123456789'.repeat(6), verified: true, at: SERVER_TIME };
    await assertFails(write(bob, { [`securityCodes/${bob}/${alice}`]: record }));
    await assertFails(dbAs(bob).ref(`securityCodes/${bob}`).once('value'));
  });
});

describe('keyBackup/identity: my identity key, sealed by the backup key', () => {
  const sealedIdentity = `v1.${'I'.repeat(16)}.${'D'.repeat(150)}`;

  it('lets the owner store it and replace it', async () => {
    await seed({ ...bobsDevices, [bobsBackup]: storedBackup });
    await assertSucceeds(write(bob, { [`${bobsBackup}/identity`]: sealedIdentity }));
    await assertSucceeds(
      write(bob, { [`${bobsBackup}/identity`]: `v1.${'J'.repeat(16)}.${'E'.repeat(150)}` }),
    );
  });

  it('refuses anyone else and what is not a sealed 96-byte key', async () => {
    await seed({ ...befriended, ...bobsDevices, [bobsBackup]: storedBackup });
    await assertFails(write(alice, { [`${bobsBackup}/identity`]: sealedIdentity }));
    for (const bad of [envelope('K'), `${sealedIdentity}A`, 'v1.x.y', 42]) {
      await assertFails(write(bob, { [`${bobsBackup}/identity`]: bad }));
    }
  });
});

describe('keyBackup/master and keyBackup/signing: the master key and the device-signing key', () => {
  /** The master's 96 secret bytes sealed (by the recovery key): 150 characters of ciphertext. */
  const sealedMaster = `v1.${'M'.repeat(16)}.${'D'.repeat(150)}`;
  /** The device-signing key with its certificate (229 bytes) sealed: 327 characters. */
  const sealedSigning = `v1.${'G'.repeat(16)}.${'S'.repeat(327)}`;

  it('lets the owner store both, and drop the identity with them in one update', async () => {
    await seed({
      ...bobsDevices,
      [bobsBackup]: { ...storedBackup, identity: `v1.${'I'.repeat(16)}.${'D'.repeat(150)}` },
    });
    await assertSucceeds(
      write(bob, {
        [`${bobsBackup}/master`]: sealedMaster,
        [`${bobsBackup}/signing`]: sealedSigning,
        [`${bobsBackup}/identity`]: null,
        [`${bobsBackup}/savedAt`]: SERVER_TIME,
      }),
    );
    await assertSucceeds(
      write(bob, { [`${bobsBackup}/signing`]: `v1.${'H'.repeat(16)}.${'T'.repeat(327)}` }),
    );
  });

  it('refuses anyone else, and what is not a sealed master or device-signing key', async () => {
    await seed({ ...befriended, ...bobsDevices, [bobsBackup]: storedBackup });
    await assertFails(write(alice, { [`${bobsBackup}/master`]: sealedMaster }));
    await assertFails(write(alice, { [`${bobsBackup}/signing`]: sealedSigning }));
    await assertFails(dbAs(alice).ref(`${bobsBackup}/master`).once('value'));
    for (const bad of [envelope('K'), sealedSigning, `${sealedMaster}A`, 42]) {
      await assertFails(write(bob, { [`${bobsBackup}/master`]: bad }));
    }
    for (const bad of [envelope('K'), sealedMaster, `${sealedSigning}A`, 'v1.x.y', true]) {
      await assertFails(write(bob, { [`${bobsBackup}/signing`]: bad }));
    }
  });
});

describe('keyBackup: sealed for the recovery pair, and rotated by a removal', () => {
  /** An ECIES seal of the backup key to the recovery pair: `r1.` + public key + envelope. */
  const toRecovery = `r1.${publicKey}.${envelope('R')}`;
  const recovery = {
    public: `v1.${'I'.repeat(16)}.${'P'.repeat(108)}`,
    secret: `v1.${'I'.repeat(16)}.${'Q'.repeat(150)}`,
  };
  const conversationWrap = `conversationKeys/-Nrel000000000000001/${bob}/${epoch}/${laptop}`;

  it('lets the owner create it sealed to the pair, reseal it, and rotate it in one update with the removal', async () => {
    await seed(bobsDevices);
    await assertSucceeds(write(bob, { [bobsBackup]: { ...backup, sealed: toRecovery, recovery } }));
    await assertSucceeds(
      write(bob, { [`${bobsBackup}/sealed`]: toRecovery, [`${bobsBackup}/recovery`]: recovery }),
    );
    await seed({ ...befriended, [conversationWrap]: { key: envelope('C'), by: bob, from: phone } });
    // 'Remove' on the laptop: its entry, its wraps, a new list and the backup under a new key.
    await assertSucceeds(
      write(bob, {
        [`deviceKeys/${bob}/${laptop}`]: null,
        [`deviceSeen/${bob}/${laptop}`]: null,
        [`deviceLists/${bob}`]: { version: 2, ids: phone, signature: 'S'.repeat(86) },
        [`${bobsBackup}/sealed`]: `r1.${publicKey}.${envelope('N')}`,
        [`${bobsBackup}/recovery`]: {
          ...recovery,
          public: `v1.${'J'.repeat(16)}.${'P'.repeat(108)}`,
        },
        [`${bobsBackup}/devices`]: { [phone]: { key: envelope('V'), from: phone } },
        [`${bobsBackup}/keys`]: { 'd:rel1': { [epoch]: envelope('L') } },
        [`${bobsBackup}/identity`]: `v1.${'I'.repeat(16)}.${'D'.repeat(150)}`,
        [conversationWrap]: null,
      }),
    );
  });

  it('refuses anyone else, and what is not a recovery seal or pair', async () => {
    await seed({ ...befriended, ...bobsDevices, [bobsBackup]: storedBackup });
    await assertFails(write(alice, { [`${bobsBackup}/recovery`]: recovery }));
    await assertFails(write(alice, { [`${bobsBackup}/sealed`]: toRecovery }));
    for (const bad of [
      `r1.${publicKey.slice(1)}.${envelope('R')}`,
      `r2.${publicKey}.${envelope('R')}`,
      `r1.${publicKey}.${envelope('R')}A`,
      `r1.${publicKey}`,
    ]) {
      await assertFails(write(bob, { [`${bobsBackup}/sealed`]: bad }));
    }
    for (const bad of [
      { ...recovery, public: envelope('P') },
      { ...recovery, secret: envelope('Q') },
      { public: recovery.public },
      { ...recovery, extra: 'x' },
      'flat',
    ]) {
      await assertFails(write(bob, { [`${bobsBackup}/recovery`]: bad }));
    }
  });
});
