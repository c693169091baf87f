// @vitest-environment node
/** Round trips through fresh keys, and every way a ciphertext or key can be bad. */
import { describe, expect, it } from 'vitest';
import { createDeviceKeyPair, exportPublicKey, importPublicKey } from './device-keys';
import { createIdentity } from './signing';
import { makeKeyWrapper } from './key-wrap';
import {
  backupKeyFrom,
  createRecoveryKey,
  formatRecoveryKey,
  parseRecoveryKey,
} from './recovery-key';
import { groupSafetyCode, safetyCode } from './safety-code';
import { createContentKey, openText, sealText } from './sealed-box';

const flip = (envelope: string, at: number) => {
  const [version, iv, sealed] = envelope.split('.') as [string, string, string];
  const char = sealed[at] === 'A' ? 'B' : 'A';
  return `${version}.${iv}.${sealed.slice(0, at)}${char}${sealed.slice(at + 1)}`;
};

describe('sealed text', () => {
  it('round-trips any text, emoji and CJK included', async () => {
    const { key } = await createContentKey();
    for (const text of ['', 'see you at 8?', 'Café 👍🏽', '駅で会いましょう', 'x'.repeat(5000)]) {
      expect(await openText(key, await sealText(key, text, 'm1'), 'm1')).toBe(text);
    }
  });

  it('detects a flipped byte, a wrong key and a wrong context', async () => {
    const { key } = await createContentKey();
    const other = await createContentKey();
    const sealed = await sealText(key, 'at the station', 'd:rel|m1|alice|1');
    for (const at of [0, 10, 20]) {
      await expect(openText(key, flip(sealed, at), 'd:rel|m1|alice|1')).rejects.toMatchObject({
        failure: 'unauthentic',
      });
    }
    await expect(openText(other.key, sealed, 'd:rel|m1|alice|1')).rejects.toMatchObject({
      failure: 'unauthentic',
    });
    await expect(openText(key, sealed, 'd:rel|m2|alice|1')).rejects.toMatchObject({
      failure: 'unauthentic',
    });
  });

  it('refuses envelopes that are not ours with "malformed", never a crash', async () => {
    const { key } = await createContentKey();
    for (const bad of [
      '',
      'hello',
      'v2.AAAAAAAAAAAAAAAA.AAAA',
      'v1.AAAA.AAAAAAAAAAAAAAAAAAAAAA',
      'v1.AAAAAAAAAAAAAAAA.AA',
      'v1.AAAAAAAAAAAAAAAA.A+==',
    ]) {
      await expect(openText(key, bad, '')).rejects.toMatchObject({ failure: 'malformed' });
    }
  });

  it('keeps content keys non-extractable', async () => {
    const { key } = await createContentKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('device keys and wraps', () => {
  it('make a non-extractable private key whose public half round-trips as text', async () => {
    const pair = await createDeviceKeyPair();
    expect(pair.privateKey.extractable).toBe(false);
    const text = await exportPublicKey(pair.publicKey);
    expect(text).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await exportPublicKey(await importPublicKey(text))).toBe(text);
  });

  it('refuse a public key that is not a point on the curve', async () => {
    const text = await exportPublicKey((await createDeviceKeyPair()).publicKey);
    const offCurve = `${text.slice(0, 40)}${text[40] === 'A' ? 'B' : 'A'}${text.slice(41)}`;
    for (const bad of ['', 'abc', text.slice(1), offCurve]) {
      await expect(importPublicKey(bad)).rejects.toMatchObject({ failure: 'bad-key' });
    }
  });

  it('let only the addressed device unwrap', async () => {
    const [alice, bob, eve] = await Promise.all([1, 2, 3].map(() => createDeviceKeyPair()));
    const [alicePub, bobPub] = await Promise.all(
      [alice, bob].map((p) => exportPublicKey(p.publicKey)),
    );
    const { raw } = await createContentKey();
    const sealed = await makeKeyWrapper(alice.privateKey).wrap(raw, bob.publicKey, bobPub, 'c');
    const fromAlice = await importPublicKey(alicePub);
    expect(await makeKeyWrapper(bob.privateKey).unwrap(sealed, fromAlice, alicePub, 'c')).toEqual(
      raw,
    );
    await expect(
      makeKeyWrapper(eve.privateKey).unwrap(sealed, fromAlice, alicePub, 'c'),
    ).rejects.toMatchObject({ failure: 'unauthentic' });
  });
});

describe('security codes', () => {
  it('are the same on both sides and change with an identity key', async () => {
    const keys = await Promise.all(
      [1, 2, 3].map(async () => (await createIdentity()).identity.publicKey),
    );
    const alice = { uid: 'alice', identityKey: keys[0] };
    const bob = { uid: 'bob', identityKey: keys[1] };
    const code = await safetyCode(alice, bob);
    expect(code).toMatch(/^\d{60}$/);
    expect(await safetyCode(bob, alice)).toBe(code);
    expect(groupSafetyCode(code)).toHaveLength(12);
    // Bob's identity key replaced: his half changes, Alice's does not.
    const changed = await safetyCode(alice, { uid: 'bob', identityKey: keys[2] });
    expect(changed.slice(0, 30)).toBe(code.slice(0, 30)); // alice's half is alice's
    expect(changed.slice(30)).not.toBe(code.slice(30));
  });
});

describe('recovery keys', () => {
  it('round-trip in groups, lower case, with O for 0 and L for 1', async () => {
    const { text, raw } = await createRecoveryKey();
    expect(formatRecoveryKey(text).split(' ')).toHaveLength(14);
    const sloppy = formatRecoveryKey(text).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect(await parseRecoveryKey(sloppy)).toEqual(raw);
  });

  it('refuse a typo, a missing group and letters outside the alphabet', async () => {
    const { text } = await createRecoveryKey();
    const typo = `${text.slice(0, 10)}${text[10] === '2' ? '3' : '2'}${text.slice(11)}`;
    for (const bad of [typo, text.slice(4), `${text.slice(0, 55)}U`, '']) {
      await expect(parseRecoveryKey(bad)).rejects.toMatchObject({ failure: 'bad-key' });
    }
  });

  it('derive a backup key that differs per account', async () => {
    const { raw } = await createRecoveryKey();
    const mine = await backupKeyFrom(raw, 'alice');
    const sealed = await sealText(mine, 'k', 'backup');
    expect(await openText(await backupKeyFrom(raw, 'alice'), sealed, 'backup')).toBe('k');
    await expect(openText(await backupKeyFrom(raw, 'bob'), sealed, 'backup')).rejects.toMatchObject(
      {
        failure: 'unauthentic',
      },
    );
  });
});
