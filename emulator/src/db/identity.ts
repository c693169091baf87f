import type { AuthVar } from '../rules/contract';

/** Who a connection or REST request acts as: the rules' `auth`, or the rules-bypassing admin. */
export interface Identity {
  admin: boolean;
  auth: AuthVar | null;
}

export const ANONYMOUS: Identity = { admin: false, auth: null };
const ADMIN: Identity = { admin: true, auth: null };

function decodeSegment(segment: string): unknown {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as unknown;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Decodes an ID token without verifying it: the Auth emulator and rules-unit-testing both issue
 * unsigned tokens, and the latter's are dated 1970. Returns null when it is not a JWT at all.
 */
function claimsOf(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = decodeSegment(parts[1]);
    return isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

function authFromClaims(claims: Record<string, unknown>): AuthVar {
  const uid = claims.sub ?? claims.user_id;
  const firebase = claims.firebase;
  const provider = isRecord(firebase) ? firebase.sign_in_provider : undefined;
  return {
    uid: typeof uid === 'string' ? uid : null,
    provider: typeof provider === 'string' ? provider : null,
    token: claims,
  };
}

function authFromOverride(authvar: unknown): AuthVar | null {
  if (!isRecord(authvar)) return null;
  const uid = authvar.uid;
  const provider = authvar.provider;
  return {
    ...authvar,
    uid: typeof uid === 'string' ? uid : null,
    provider: typeof provider === 'string' ? provider : null,
    token: isRecord(authvar.token) ? authvar.token : {},
  };
}

/**
 * Maps a credential (`auth`/`gauth` request, bearer token) to an identity; null means invalid.
 * `owner` is the emulator's admin secret; `authvar`/`noauth` are the Admin SDK's overrides.
 */
export function identityFor(
  cred: unknown,
  override: { authvar?: unknown; noauth?: unknown } = {},
): Identity | null {
  if (typeof cred !== 'string' || cred === '') return null;
  let identity: Identity;
  if (cred === 'owner') {
    identity = ADMIN;
  } else {
    const claims = claimsOf(cred);
    if (!claims) return null;
    identity = { admin: false, auth: authFromClaims(claims) };
  }
  if (override.noauth === true) return { admin: false, auth: null };
  if (override.authvar !== undefined)
    return { admin: false, auth: authFromOverride(override.authvar) };
  return identity;
}
