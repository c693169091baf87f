import {
  createUserWithEmailAndPassword,
  deleteUser,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { env } from '../../../config/env';
import { auth as appAuth } from '../app';
import { allowedPhotoOr } from '../profiles/shapes';
import { DEFAULT_PHOTO, USERNAME_MAX, type UserProfile } from '../profiles/shapes';
import type { UsersApi } from '../profiles';

/** The signed-in account as plain data; no Firebase object leaves this module. */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  emailVerified: boolean;
  /** Sign-in methods linked to the account, e.g. 'password', 'google.com'. */
  providerIds: string[];
}

export type PasswordSignInResult =
  { status: 'signedIn'; user: SessionUser } | { status: 'emailNotVerified' };

export interface RegistrationInput {
  email: string;
  password: string;
  username: string;
}

export interface AuthApiOptions {
  /**
   * Emulator builds only: when this returns an ID token, Google sign-in signs in with it
   * instead of opening the popup, so browser tests can drive the button offline.
   */
  emulatorGoogleIdToken?: () => string | undefined;
}

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? DEFAULT_PHOTO,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((p) => p.providerId),
  };
}

/** The first `users/{uid}` of a Google account, clamped to what the rules accept. */
function googleProfile(user: User): UserProfile {
  const email = user.email ?? '';
  const name = user.displayName?.trim() || email.split('@')[0] || 'user';
  const photo = allowedPhotoOr(user.photoURL, DEFAULT_PHOTO);
  return { username: name.slice(0, USERNAME_MAX), email, photo };
}

/**
 * `loadUsers` hands over the `users/{uid}` gateway when first needed: the database SDK then
 * loads with a sign-up or Google sign-in instead of with the first screen.
 */
export function makeAuthApi(
  auth: Auth,
  loadUsers: () => Promise<UsersApi>,
  options: AuthApiOptions = {},
) {
  /**
   * What follows a Google sign-in, whichever way it happened. `users/{uid}` is written only
   * when absent, so a name or picture the user changed later is never overwritten.
   */
  async function completeGoogleSignIn(credential: UserCredential): Promise<SessionUser> {
    const { user } = credential;
    try {
      const users = await loadUsers();
      if (!(await users.getUserProfile(user.uid))) {
        await users.saveUserProfile(user.uid, googleProfile(user));
      }
    } catch (error) {
      // Without its users/{uid} the account is invisible to others; do not keep it signed in.
      await signOut(auth).catch(() => undefined);
      throw error;
    }
    return toSessionUser(user);
  }

  async function signInWithGoogleIdToken(idToken: string): Promise<SessionUser> {
    const credential = GoogleAuthProvider.credential(idToken);
    return completeGoogleSignIn(await signInWithCredential(auth, credential));
  }

  return {
    /**
     * Creates the account, names it, writes `users/{uid}`, sends the verification e-mail and
     * signs out again: an unverified account never stays signed in.
     */
    async register({ email, password, username }: RegistrationInput): Promise<SessionUser> {
      const users = await loadUsers();
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      try {
        await updateProfile(user, { displayName: username, photoURL: DEFAULT_PHOTO });
        await users.saveUserProfile(user.uid, {
          username,
          email: user.email ?? email,
          photo: DEFAULT_PHOTO,
        });
        await sendEmailVerification(user);
        return toSessionUser(user);
      } catch (error) {
        // A half-made account would block the address with 'email-already-in-use' forever.
        await users.removeUserProfile(user.uid).catch(() => undefined);
        await deleteUser(user).catch(() => undefined);
        throw error;
      } finally {
        if (auth.currentUser) await signOut(auth).catch(() => undefined);
      }
    },

    /** Signs in; an unverified account is signed out again and reported, never kept. */
    async signInWithPassword(email: string, password: string): Promise<PasswordSignInResult> {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      if (!user.emailVerified) {
        await signOut(auth);
        return { status: 'emailNotVerified' };
      }
      return { status: 'signedIn', user: toSessionUser(user) };
    },

    async signInWithGoogle(): Promise<SessionUser> {
      const stubToken = options.emulatorGoogleIdToken?.();
      if (stubToken) return signInWithGoogleIdToken(stubToken);
      const { signInWithGooglePopup } = await import('./google-popup');
      return completeGoogleSignIn(await signInWithGooglePopup(auth));
    },

    signInWithGoogleIdToken,

    async sendPasswordReset(email: string): Promise<void> {
      await sendPasswordResetEmail(auth, email);
    },

    async signOut(): Promise<void> {
      await signOut(auth);
    },

    /** Calls back with the restored session at start and on every sign-in or sign-out. */
    observeSession(onChange: (user: SessionUser | null) => void): () => void {
      return onAuthStateChanged(auth, (user) => onChange(user ? toSessionUser(user) : null));
    },
  };
}

export type AuthApi = ReturnType<typeof makeAuthApi>;

/** Set by browser tests against the emulators; see the README's e2e section. */
const E2E_GOOGLE_ID_TOKEN = '__E2E_GOOGLE_ID_TOKEN__';

function readEmulatorGoogleIdToken(): string | undefined {
  const value: unknown = Reflect.get(globalThis, E2E_GOOGLE_ID_TOKEN);
  return typeof value === 'string' && value ? value : undefined;
}

export const authApi: AuthApi = makeAuthApi(
  appAuth,
  // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
  () => import('../profiles/gateway').then((m) => m.usersApi),
  {
    // A fake ID token only works on the Auth emulator, so the hook is wired there and nowhere else.
    emulatorGoogleIdToken: env.emulators ? readEmulatorGoogleIdToken : undefined,
  },
);
