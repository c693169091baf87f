/**
 * The database a migration reads and writes, over the Realtime Database REST API with admin
 * rights: the local emulator's `owner` token, or a real project's OAuth2 access token (a service
 * account's, docs/migrations.md). Rules do not apply to either, so `meta/` is reachable here only.
 */
import { dbRest, type AdminTarget } from '../stack/admin';

export interface MigrationDb {
  /** The value at `path` (null when absent); `shallow` gives a node's keys only (`true` each). */
  get(path: string, options?: { shallow?: boolean }): Promise<unknown>;
  /** One multi-path update from the root: all of it lands, or none of it. */
  update(changes: Record<string, unknown>): Promise<void>;
  /** Where it points, for messages. */
  describe: string;
  /**
   * The same access to another instance of the project (docs/scaling.md), by its URL as
   * `config/instances/urls` names it: for moving conversations between instances.
   */
  at(url: string): MigrationDb;
}

/** The emulator namespace a database URL names: its host's first label, as our emulator reads it. */
const namespaceOf = (url: string) => new URL(url).hostname.split('.')[0] ?? '';

/** The local emulator of `npm start` and the tests (the `owner` token). */
export function emulatorDb(target: AdminTarget): MigrationDb {
  return {
    get: (path, options) =>
      dbRest(target, 'GET', path, undefined, options?.shallow ? { shallow: 'true' } : {}),
    update: async (changes) => {
      await dbRest(target, 'PATCH', '/', changes);
    },
    describe: `emulator ${target.dbHost} (namespace ${target.dbNamespace})`,
    // Locally every instance is a namespace of the same emulator (docs/scaling.md).
    at: (url) => emulatorDb({ ...target, dbNamespace: namespaceOf(url) }),
  };
}

/**
 * Any database by URL, e.g. `https://my-project-default-rtdb.firebaseio.com`, with an OAuth2
 * access token (`access_token`, Firebase's REST authentication for admin access) or, for an
 * emulator, the `owner` token. `namespace` is the emulator's `ns` parameter.
 */
export function restDb(options: {
  url: string;
  accessToken: string;
  namespace?: string;
}): MigrationDb {
  const base = options.url.replace(/\/+$/, '');
  const owner = options.accessToken === 'owner';
  async function call(method: 'GET' | 'PATCH', path: string, body?: unknown, shallow = false) {
    const params = new URLSearchParams();
    if (options.namespace) params.set('ns', options.namespace);
    if (shallow) params.set('shallow', 'true');
    if (!owner) params.set('access_token', options.accessToken);
    const clean = path.replace(/^\/+|\/+$/g, '');
    const res = await fetch(`${base}/${clean}.json?${params.toString()}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(owner ? { Authorization: 'Bearer owner' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /${clean} failed (${String(res.status)}): ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  }
  return {
    get: (path, opts) => call('GET', path, undefined, opts?.shallow),
    update: async (changes) => {
      await call('PATCH', '/', changes);
    },
    describe: base,
    // An emulator (a namespace given) serves every instance: the same address, their namespace.
    at: (url) =>
      options.namespace
        ? restDb({ ...options, namespace: namespaceOf(url) })
        : restDb({ url, accessToken: options.accessToken }),
  };
}
