// @vitest-environment node
/** The backup key sealed for the recovery key without typing it, and opened only by that key. */
import { describe, expect, it } from 'vitest';
import { createRecoveryKey } from './recovery-key';
import { lockForRecovery, openWithRecovery, relockForRecovery } from './recovery-seal';
import { createContentKey } from './sealed-box';

describe('recovery seal', () => {
  it('opens with the recovery key, also after the backup key is rotated by a device that never saw it', async () => {
    const recovery = await createRecoveryKey();
    const first = await createContentKey();
    const lock = await lockForRecovery('bob', recovery.raw, first.key, first.raw);
    expect(lock.sealed).toMatch(
      /^r1\.B[A-Za-z0-9_-]{86}\.v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/,
    );
    expect(await openWithRecovery('bob', recovery.raw, lock.sealed, lock.recovery)).toEqual(
      first.raw,
    );

    const next = await createContentKey();
    const relocked = await relockForRecovery('bob', lock.recovery, first.key, next.key, next.raw);
    expect(relocked).not.toBeNull();
    expect(
      await openWithRecovery('bob', recovery.raw, relocked!.sealed, relocked!.recovery),
    ).toEqual(next.raw);
  });

  it('refuses another recovery key, another account, and a recovery pair swapped by the server', async () => {
    const recovery = await createRecoveryKey();
    const other = await createRecoveryKey();
    const backup = await createContentKey();
    const lock = await lockForRecovery('bob', recovery.raw, backup.key, backup.raw);
    await expect(openWithRecovery('bob', other.raw, lock.sealed, lock.recovery)).rejects.toThrow();
    await expect(
      openWithRecovery('carol', recovery.raw, lock.sealed, lock.recovery),
    ).rejects.toThrow();
    await expect(openWithRecovery('bob', recovery.raw, 'r1.x', lock.recovery)).rejects.toThrow();

    // The operator's own pair in place of Bob's: a device rotating the key does not seal to it,
    // since the public half must open under the backup key it holds.
    const operator = await lockForRecovery(
      'bob',
      other.raw,
      (await createContentKey()).key,
      backup.raw,
    );
    const next = await createContentKey();
    await expect(
      relockForRecovery('bob', operator.recovery, backup.key, next.key, next.raw),
    ).rejects.toThrow();
    expect(await relockForRecovery('bob', null, backup.key, next.key, next.raw)).toBeNull();
  });
});
