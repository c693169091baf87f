// @vitest-environment node
/** Drafts sealed for my own devices: one key per account, each draft bound to its conversation. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from './crypto-bytes';
import { draftsKeyFrom, openDraft, sealDraft } from './drafts-seal';
import { isSealed } from './sealed-value';

describe('drafts seal', () => {
  it('derives the same key on every device holding the backup key, and another per account', async () => {
    const backup = randomBytes(32);
    const phone = await draftsKeyFrom(backup, 'bob');
    const laptop = await draftsKeyFrom(backup.slice(), 'bob');
    expect(phone.id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(laptop.id).toBe(phone.id);
    const sealed = await sealDraft(phone, 'bob', 'd:rel1', 'Half a thought');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('thought');
    expect(await openDraft(laptop, 'bob', 'd:rel1', sealed)).toBe('Half a thought');
    expect((await draftsKeyFrom(backup, 'alice')).id).not.toBe(phone.id);
  });

  it('says no-key without a key or under another one, failed when moved or tampered', async () => {
    const key = await draftsKeyFrom(randomBytes(32), 'bob');
    const sealed = await sealDraft(key, 'bob', 'g:grp1', '');
    expect(await openDraft(key, 'bob', 'g:grp1', sealed)).toBe('');
    await expect(openDraft(null, 'bob', 'g:grp1', sealed)).rejects.toMatchObject({
      reason: 'no-key',
    });
    const other = await draftsKeyFrom(randomBytes(32), 'bob');
    await expect(openDraft(other, 'bob', 'g:grp1', sealed)).rejects.toMatchObject({
      reason: 'no-key',
    });
    for (const [uid, conversation] of [
      ['bob', 'd:grp1'],
      ['alice', 'g:grp1'],
    ] as const) {
      await expect(openDraft(key, uid, conversation, sealed)).rejects.toMatchObject({
        reason: 'failed',
      });
    }
    // A character inside the ciphertext (the last one may hold only padding bits).
    const flipped = `${sealed.slice(0, -5)}${sealed.at(-5) === 'A' ? 'B' : 'A'}${sealed.slice(-4)}`;
    await expect(openDraft(key, 'bob', 'g:grp1', flipped)).rejects.toMatchObject({
      reason: 'failed',
    });
    await expect(openDraft(key, 'bob', 'g:grp1', 'hello')).rejects.toMatchObject({
      reason: 'failed',
    });
  });
});
