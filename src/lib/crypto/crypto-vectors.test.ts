// @vitest-environment node
/**
 * Fixed vectors: the primitives as WebCrypto runs them (McGrew–Viega GCM test case 15), and this
 * app's own envelopes pinned byte for byte, so a change that would make stored ciphertext or a
 * shown security code unreadable or different fails here first.
 */
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './crypto-bytes';
import { importPublicKey } from './device-keys';
import { makeKeyWrapper } from './key-wrap';
import { recoveryKeyText, parseRecoveryKey } from './recovery-key';
import { safetyCode } from './safety-code';
import { importContentKey, openBytes, sealBytes } from './sealed-box';

const hex = (text: string) => new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16)));

const gcm15 = {
  key: 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308',
  iv: 'cafebabefacedbaddecaf888',
  plain:
    'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72' +
    '1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255',
  sealed:
    '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa' +
    '8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad' +
    'b094dac5d93471bdec1a502270e3cc6c',
};

/** Two P-256 device keys, private halves included, made once for these vectors. */
const alice = {
  d: 'Zstw1oh4FOClrTNjEtsj77l1p-Iy68GjEpXCJbJvlA0',
  x: 'm6DfLednYZ6GlHsZoNXp-BJhL8T69p_mZPiMPji2jJg',
  y: 'nhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI',
  pub: 'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI',
};
const bob = {
  d: 'iHInIpb40fg8V5UHsDPgxNySv346K4AQF7S-uuFWG0o',
  x: 'H5kmFTwrS8jjKrDpv-UBrtz1E4IiKsNSAIqzCqAv69I',
  y: 'O1Omf_FMH456tw2XCjE17OWppX24T5FBqB5noxX3yoY',
  pub: 'BB-ZJhU8K0vI4yqw6b_lAa7c9ROCIirDUgCKswqgL-vSO1Omf_FMH456tw2XCjE17OWppX24T5FBqB5noxX3yoY',
};
const privateKey = (jwk: typeof alice) =>
  crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', d: jwk.d, x: jwk.x, y: jwk.y },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );

/** Alice's device wrapped the bytes 0..31 for Bob's device in the context 'ctx'. */
const wrapped =
  'v1.mKX_R65TWRfehbet.Xf5DMCMbiBIv1QetnBQtKr074EsgUi2vVzkqDJMSxEJaJGeT0L6Cqn8O8EGqrlYC';
const counting = new Uint8Array(32).map((_, i) => i);

describe('AES-256-GCM envelopes', () => {
  it('seal to and open from GCM test case 15', async () => {
    const key = await importContentKey(hex(gcm15.key));
    const envelope = `v1.${toBase64Url(hex(gcm15.iv))}.${toBase64Url(hex(gcm15.sealed))}`;
    expect(await sealBytes(key, hex(gcm15.plain), '', hex(gcm15.iv))).toBe(envelope);
    expect(await openBytes(key, envelope, '')).toEqual(hex(gcm15.plain));
  });
});

describe('key wraps between two devices', () => {
  it('unwrap the pinned wrap on the receiving device, and only in its context', async () => {
    const atBob = makeKeyWrapper(await privateKey(bob));
    const fromAlice = await importPublicKey(alice.pub);
    expect(await atBob.unwrap(wrapped, fromAlice, alice.pub, 'ctx')).toEqual(counting);
    await expect(atBob.unwrap(wrapped, fromAlice, alice.pub, 'ctx2')).rejects.toMatchObject({
      failure: 'unauthentic',
    });
  });

  it('are the same key from either end (ECDH is symmetric)', async () => {
    const atAlice = makeKeyWrapper(await privateKey(alice));
    const again = await atAlice.wrap(counting, await importPublicKey(bob.pub), bob.pub, 'ctx');
    expect(await atAlice.unwrap(wrapped, await importPublicKey(bob.pub), bob.pub, 'ctx')).toEqual(
      counting,
    );
    expect(again).not.toBe(wrapped); // a fresh IV every time
  });
});

describe('security codes', () => {
  it('pin the code of two vector identity keys', async () => {
    const code = await safetyCode(
      { uid: 'alice', identityKey: alice.pub },
      { uid: 'bob', identityKey: bob.pub },
    );
    expect(code).toBe('766834476805376882185903608901086369976915005592521881891889');
  });
});

describe('recovery keys', () => {
  it('pin the text of the bytes 0..31', async () => {
    const text = await recoveryKeyText(counting);
    expect(text).toMatch(/^[0-9A-HJKMNP-TV-Z]{56}$/);
    expect(text.slice(0, 12)).toBe('000G40R40M30');
    expect(await parseRecoveryKey(text)).toEqual(counting);
  });

  it('decode base64url and refuse what is not', () => {
    expect(fromBase64Url('AAEC')).toEqual(new Uint8Array([0, 1, 2]));
    expect(fromBase64Url('AA+C')).toBeNull();
    expect(fromBase64Url('A')).toBeNull();
  });
});
