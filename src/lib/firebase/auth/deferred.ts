import type { AuthApi, SessionUser } from './gateway';

/** Where Firebase Auth keeps a signed-in user with browserLocalPersistence (app.ts). */
const STORED_USER = /^firebase:authUser:.+:\[DEFAULT\]$/;

/** Whether this browser holds a Firebase session to restore; unknown counts as yes. */
export function hasStoredSession(getStorage: () => Pick<Storage, 'length' | 'key'>): boolean {
  try {
    const storage = getStorage(); // reading window.localStorage itself may throw
    for (let i = 0; i < storage.length; i++) {
      if (STORED_USER.test(storage.key(i) ?? '')) return true;
    }
    return false;
  } catch {
    return true;
  }
}

export interface DeferredAuthOptions {
  /** True when a session may be stored: the SDK then loads at once to restore it. */
  hasStoredSession: () => boolean;
  /** Calls back when another tab stores a session; returns the unsubscribe. */
  onSessionStored: (callback: () => void) => () => void;
}

type Observer = (user: SessionUser | null) => void;

/**
 * The Auth gateway without the Firebase Auth SDK on the first screen: a visitor with no stored
 * session is reported signed out at once, and the SDK (about 33 kB gzipped with firebase/app)
 * loads when they act (log in, register, reset) or another tab signs in. With a stored session
 * it loads straight away, so a signed-in reload restores as before.
 */
export function deferredAuthApi(load: () => Promise<AuthApi>, options: DeferredAuthOptions) {
  let real: AuthApi | null = null;
  let loading: Promise<AuthApi> | null = null;
  // Observers wait here until the SDK is up; then each gets Firebase's own observer.
  const waiting = new Set<Observer>();
  const detachers = new Map<Observer, () => void>();

  const sdk = (): Promise<AuthApi> => {
    loading ??= load().then(
      (api) => {
        real = api;
        for (const observer of waiting) detachers.set(observer, api.observeSession(observer));
        waiting.clear();
        return api;
      },
      (error: unknown) => {
        loading = null; // a failed download (offline) is retried by the next action
        throw error;
      },
    );
    return loading;
  };
  const start = () => void sdk().catch((error: unknown) => console.error(error));

  return {
    register: async (input) => (await sdk()).register(input),
    signInWithPassword: async (email, password) =>
      (await sdk()).signInWithPassword(email, password),
    signInWithGoogle: async () => (await sdk()).signInWithGoogle(),
    signInWithGoogleIdToken: async (idToken) => (await sdk()).signInWithGoogleIdToken(idToken),
    sendPasswordReset: async (email) => (await sdk()).sendPasswordReset(email),
    signOut: async () => (await sdk()).signOut(),

    observeSession(onChange: Observer): () => void {
      // Each observer gets its own identity, so the same callback may subscribe twice.
      const observer: Observer = (user) => onChange(user);
      let stopWatching = (): void => undefined;
      if (real) {
        detachers.set(observer, real.observeSession(observer));
      } else {
        waiting.add(observer);
        if (options.hasStoredSession()) {
          start();
        } else {
          // As with Firebase, the first report comes after observeSession has returned.
          queueMicrotask(() => {
            if (waiting.has(observer) && !loading) observer(null);
          });
          stopWatching = options.onSessionStored(start);
        }
      }
      return () => {
        stopWatching();
        waiting.delete(observer);
        detachers.get(observer)?.();
        detachers.delete(observer);
      };
    },
  } satisfies AuthApi;
}

/** The browser's wiring: localStorage, and its `storage` event for other tabs' sign-ins. */
export function browserDeferredAuthApi(load: () => Promise<AuthApi>): AuthApi {
  return deferredAuthApi(load, {
    hasStoredSession: () => hasStoredSession(() => window.localStorage),
    onSessionStored(callback) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== null && STORED_USER.test(event.key) && event.newValue) callback();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  });
}
