/**
 * The database's REST API, for the writes the app must be able to take back: the SDK re-sends
 * every write it holds unacknowledged on reconnect, with no public way to withdraw one, so a
 * file's chunks go over REST instead (docs/data-model.md, "Files and voice messages").
 * Loads no SDK: it only builds addresses.
 */
import type { Auth } from 'firebase/auth';

/** The REST address of `path` (slash-separated keys) on one database, with `query`. */
export type RestUrl = (path: string, query?: Record<string, string>) => string;

/** One database's REST address and the credential its requests carry. */
export interface DatabaseRest {
  url: RestUrl;
  /** The signed-in user's ID token (refreshed when close to expiring); null when signed out. */
  idToken: () => Promise<string | null>;
}

/**
 * The REST address of the database instance at `databaseURL`, or of its emulator at `emulator`
 * (which serves every instance as a namespace named like the SDK names it: the `ns` parameter,
 * or the URL's first host label): `http://host:port/<path>.json?ns=<namespace>` locally,
 * `https://<instance>/<path>.json` in production.
 */
export function databaseRestUrl(
  databaseURL: string,
  emulator: { host: string; port: number } | null,
): RestUrl {
  let instance: URL;
  try {
    instance = new URL(databaseURL);
  } catch {
    throw new Error(`The database URL "${databaseURL}" is not a URL`);
  }
  const ns =
    instance.searchParams.get('ns') ?? (instance.hostname.split('.')[0] ?? '').toLowerCase();
  const origin = emulator ? `http://${emulator.host}:${String(emulator.port)}` : instance.origin;
  const fixed: Record<string, string> = emulator || instance.searchParams.has('ns') ? { ns } : {};
  return (path, query = {}) => {
    const keys = path.split('/').filter(Boolean).map(encodeURIComponent);
    const search = new URLSearchParams({ ...fixed, ...query }).toString();
    return `${origin}/${keys.join('/')}.json${search ? `?${search}` : ''}`;
  };
}

/** `url`'s database as `auth`'s signed-in user. */
export const signedInRest = (url: RestUrl, auth: Pick<Auth, 'currentUser'>): DatabaseRest => ({
  url,
  idToken: async () => (await auth.currentUser?.getIdToken()) ?? null,
});
