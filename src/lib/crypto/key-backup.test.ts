// @vitest-environment node
/** The key backup's envelopes: each bound to its account, conversation and epoch. */
import { describe, expect, it } from 'vitest';
import {
  createBackupKey,
  importBackupKey,
  openBackupEntry,
  openBackupKey,
  parseBackup,
  sealBackupEntry,
} from './key-backup';
import { createRecoveryKey } from './recovery-key';
import { randomBytes } from './crypto-bytes';

describe('key backup', () => {
  it('opens the backup key with its recovery key and account only', async () => {
    const recovery = await createRecoveryKey();
    const backup = await createBackupKey('bob', recovery.raw);
    expect(await openBackupKey('bob', recovery.raw, backup.sealed)).toEqual(backup.raw);
    await expect(openBackupKey('alice', recovery.raw, backup.sealed)).rejects.toMatchObject({
      failure: 'unauthentic',
    });
    const other = await createRecoveryKey();
    await expect(openBackupKey('bob', other.raw, backup.sealed)).rejects.toMatchObject({
      failure: 'unauthentic',
    });
  });

  it('keeps an epoch key to its conversation and epoch: a moved entry does not open', async () => {
    const key = await importBackupKey(randomBytes(32));
    const epochKey = randomBytes(32);
    const sealed = await sealBackupEntry(key, 'bob', 'd:rel1', '-NzEpoch000000000000', epochKey);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{64}$/);
    expect(await openBackupEntry(key, 'bob', 'd:rel1', '-NzEpoch000000000000', sealed)).toEqual(
      epochKey,
    );
    for (const [uid, conversation, epoch] of [
      ['alice', 'd:rel1', '-NzEpoch000000000000'],
      ['bob', 'g:rel1', '-NzEpoch000000000000'],
      ['bob', 'd:rel1', '-NzEpoch000000000001'],
    ] as const) {
      await expect(openBackupEntry(key, uid, conversation, epoch, sealed)).rejects.toMatchObject({
        failure: 'unauthentic',
      });
    }
  });

  it('parses a stored backup, leaving out what is malformed, never throwing', () => {
    expect(parseBackup(null)).toBeNull();
    expect(parseBackup('text')).toBeNull();
    expect(parseBackup({ devices: {} })).toBeNull();
    expect(
      parseBackup({
        sealed: 'v1.x.y',
        savedAt: 5,
        devices: { a: { key: 'k', from: 'a' }, b: { key: 1 }, c: null },
        keys: { 'd:rel': { e1: 'v1.a.b', e2: 3 }, 'x:bad': { e: 'v1' }, 'g:g1': 'flat' },
        identity: 'v1.i.d',
        signing: 'v1.s.g',
        master: 42,
        recovery: { public: 'v1.p.k', secret: 'v1.s.k' },
      }),
    ).toEqual({
      sealed: 'v1.x.y',
      recovery: { public: 'v1.p.k', secret: 'v1.s.k' },
      savedAt: 5,
      devices: { a: { key: 'k', from: 'a' } },
      keys: { 'd:rel': { e1: 'v1.a.b' } },
      identity: 'v1.i.d',
      signing: 'v1.s.g',
      master: null,
    });
    expect(parseBackup({ sealed: 'v1.x.y', identity: 7 })?.identity).toBeNull();
    expect(parseBackup({ sealed: 'v1.x.y', recovery: { public: 1 } })?.recovery).toBeNull();
  });
});
