/**
 * One instance as slot work sees it (docs/scaling.md, "Bounded connections"): over its
 * WebSocket, or, when the three connections are taken, over one-shot REST requests with the
 * signed-in user's ID token. A REST request is no connection the database counts (Firebase's
 * profiler: "RESTful connections are not reflected in concurrent-connect operations") and is
 * checked by the same rules as the SDK's. Production: `https://<instance>/<path>.json?auth=`;
 * our emulator: the same with `?ns=` (database-rest.ts builds both).
 */
import { get, ref, set, update, type Database } from 'firebase/database';
import type { DatabaseRest } from '../../database-rest';

export interface SlotAccess {
  /** The value at `path` (null when absent). */
  read(path: string): Promise<unknown>;
  /** `value` at `path` (a server timestamp included: `{ '.sv': 'timestamp' }` either way). */
  write(path: string, value: unknown): Promise<void>;
  /** A multi-path update at the root, all or nothing. */
  update(changes: Record<string, unknown>): Promise<void>;
  /** The instance's Database when the work holds its WebSocket (a look may listen), else null. */
  live: Database | null;
}

export const overSocket = (db: Database): SlotAccess => ({
  live: db,
  read: async (path) => (await get(ref(db, path))).val() as unknown,
  write: (path, value) => set(ref(db, path), value),
  update: (changes) => update(ref(db), changes),
});

/**
 * A request the network did not carry (offline, or cut on the way): no answer of the rules,
 * so it is worth sending again once online (rest-held.ts).
 */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

const networkFailure = (error: unknown) =>
  error instanceof TypeError ||
  (error as { code?: unknown } | null)?.code === 'auth/network-request-failed';

/** A refused or failed request, worded like the SDK's so that callers test it alike. */
async function failure(response: Response): Promise<Error> {
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const reason = typeof answer?.error === 'string' ? answer.error : response.statusText;
  const code = response.status === 401 ? 'permission_denied' : `http_${String(response.status)}`;
  return new Error(`${code}: ${reason}`);
}

async function request(
  rest: DatabaseRest,
  method: 'GET' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const send = async () => {
    const token = await rest.idToken();
    const query: Record<string, string> = token ? { auth: token } : {};
    if (method !== 'GET') query.print = 'silent';
    return fetch(rest.url(path, query), {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
  };
  const response = await send().catch((error: unknown) => {
    throw networkFailure(error) ? new Unreachable(String(error), { cause: error }) : error;
  });
  if (!response.ok) throw await failure(response);
  return method === 'GET' ? ((await response.json()) as unknown) : null;
}

export const overRest = (rest: DatabaseRest): SlotAccess => ({
  live: null,
  read: (path) => request(rest, 'GET', path),
  write: async (path, value) => {
    await request(rest, 'PUT', path, value);
  },
  update: async (changes) => {
    await request(rest, 'PATCH', '', changes);
  },
});
