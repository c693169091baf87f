/**
 * How a security code compares with the one I saw last with a friend (securityCodes/{me}/{friend}).
 * The code is two halves, the lower uid's first (src/lib/crypto/safety-code.ts): only a change in
 * the friend's half is news about the friend ('Bob's security code changed'); a change in mine is
 * my own new or removed device, taken in silently, keeping a verification of the friend's keys.
 */
import type { SecurityCodeRecord } from '../../lib/firebase/encryption';

export const friendHalf = (code: string, me: string, friend: string) =>
  me < friend ? code.slice(30) : code.slice(0, 30);

export interface CodeComparison {
  /** The friend's keys are the ones I verified. */
  verified: boolean;
  /** The friend's half differs from what I saw last: say so in the conversation. */
  changed: boolean;
  /** What to store now without asking (first sight, or only my half changed), if anything. */
  silentUpdate: SecurityCodeRecord | null;
}

export function compareSecurityCode(
  current: string,
  stored: SecurityCodeRecord | null,
  me: string,
  friend: string,
): CodeComparison {
  if (!stored)
    return { verified: false, changed: false, silentUpdate: { code: current, verified: false } };
  if (stored.code === current)
    return { verified: stored.verified, changed: false, silentUpdate: null };
  if (friendHalf(stored.code, me, friend) === friendHalf(current, me, friend)) {
    return {
      verified: stored.verified,
      changed: false,
      silentUpdate: { code: current, verified: stored.verified },
    };
  }
  return { verified: false, changed: true, silentUpdate: null };
}
