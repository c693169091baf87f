/**
 * Every use the SDK makes of one database's server, told as it begins and ends
 * (docs/scaling.md, "The directory in the slot"): the directory is put online only for a look or
 * a write, and the app's gateways reach it by plain `ref(db, …)` in some 200 places, so the
 * requests are seen where they all pass, the SDK's connection to the server, not at each caller.
 * The SDK queues what is asked while it is offline and sends it once online again, so telling
 * the connections before the request is enough for it to go out.
 */
import type { Database } from 'firebase/database';

type Callback = (...args: unknown[]) => void;

/** The methods of the SDK's server connection (PersistentConnection) that reach the server. */
interface ServerConnection {
  put?: (path: string, data: unknown, onComplete?: Callback, hash?: string) => void;
  merge?: (path: string, data: unknown, onComplete?: Callback, hash?: string) => void;
  get?: (query: unknown) => Promise<unknown>;
  listen?: (query: unknown, hash: unknown, tag: unknown, onComplete: Callback) => void;
  onDisconnectPut?: (path: string, data: unknown, onComplete?: Callback) => void;
  onDisconnectMerge?: (path: string, data: unknown, onComplete?: Callback) => void;
  onDisconnectCancel?: (path: string, onComplete?: Callback) => void;
}

/** The SDK's repo behind a Database: not in its typings, stable since the modular SDK. */
interface WithRepo {
  _repo?: { persistentConnection_?: ServerConnection | null };
}

/**
 * Calls `begin` before each request of `db`'s SDK to its server, and the end it returned once
 * the server answered a write or a read. A new listener or an `onDisconnect` ends at once: the
 * SDK drops their answers when the listener goes or the connection drops, so waiting for them
 * could keep the connection forever; the slot's idle time covers their first answer. False
 * when this SDK has no such connection to watch, so the caller keeps the database connected.
 */
export function watchServerUses(db: Database, begin: () => () => void): boolean {
  const server = (db as unknown as WithRepo)._repo?.persistentConnection_;
  if (!server) return false;
  const wrap = (name: keyof ServerConnection, callbackAt: number | null) => {
    const original = server[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') return;
    (server as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const end = begin();
      if (callbackAt === null) end();
      else {
        const callback = args[callbackAt] as Callback | undefined;
        args[callbackAt] = (...answer: unknown[]) => {
          end();
          callback?.(...answer);
        };
      }
      return original.apply(server, args);
    };
  };
  wrap('put', 2);
  wrap('merge', 2);
  wrap('listen', null);
  wrap('onDisconnectPut', null);
  wrap('onDisconnectMerge', null);
  wrap('onDisconnectCancel', null);
  const get = server.get;
  if (typeof get === 'function') {
    server.get = (query: unknown) => {
      const end = begin();
      const answer = get.call(server, query);
      answer.then(end, end);
      return answer;
    };
  }
  return true;
}
