import type { SessionUser } from '../../lib/firebase/auth';
import type { ActiveUser } from '../../store/session';

/**
 * Whether an account may count as signed in. A password account must have verified its
 * e-mail; one that signs in with a provider such as Google is verified by that provider.
 */
export function isTrustedSession(user: SessionUser): boolean {
  return user.emailVerified || !user.providerIds.includes('password');
}

export function toActiveUser(user: SessionUser): ActiveUser {
  const { uid, email, displayName, photoURL, emailVerified } = user;
  return { uid, email, displayName, photoURL, emailVerified };
}
