// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareSecurityCode, friendHalf } from './security-code-state';

// 'alice' < 'bob': Alice's half comes first in their code.
const aliceHalf = '1'.repeat(30);
const bobHalf = '2'.repeat(30);
const code = aliceHalf + bobHalf;

describe('compareSecurityCode', () => {
  it('takes the first code in silently, unverified', () => {
    expect(compareSecurityCode(code, null, 'alice', 'bob')).toEqual({
      verified: false,
      changed: false,
      silentUpdate: { code, verified: false },
    });
  });

  it('keeps a verified code verified while it stays the same', () => {
    expect(compareSecurityCode(code, { code, verified: true }, 'alice', 'bob')).toEqual({
      verified: true,
      changed: false,
      silentUpdate: null,
    });
  });

  it("says the friend's code changed and unverifies them when their half changes", () => {
    const bobsNewDevice = aliceHalf + '3'.repeat(30);
    expect(compareSecurityCode(bobsNewDevice, { code, verified: true }, 'alice', 'bob')).toEqual({
      verified: false,
      changed: true,
      silentUpdate: null,
    });
    // Seen from Bob's side, Alice's new device is Alice's news.
    const alicesNewDevice = '3'.repeat(30) + bobHalf;
    expect(
      compareSecurityCode(alicesNewDevice, { code, verified: true }, 'bob', 'alice'),
    ).toMatchObject({ verified: false, changed: true });
  });

  it('takes in a change of my own devices silently, keeping the verification', () => {
    const myNewDevice = '3'.repeat(30) + bobHalf;
    expect(compareSecurityCode(myNewDevice, { code, verified: true }, 'alice', 'bob')).toEqual({
      verified: true,
      changed: false,
      silentUpdate: { code: myNewDevice, verified: true },
    });
  });

  it('finds the friend’s half by uid order', () => {
    expect(friendHalf(code, 'alice', 'bob')).toBe(bobHalf);
    expect(friendHalf(code, 'bob', 'alice')).toBe(aliceHalf);
  });
});
