import type { CrawlMarks, SearchApi } from './worker';
import type { SearchClient } from './search-client';

/**
 * The search backend of each signed-in user, opened by the search listeners at sign-in and
 * wiped at sign-out; the panel and Find in conversation reach it here by uid. A new sign-in
 * starts a fresh one (each test store its own).
 *
 * The backend (a Web Worker and its index code, ~8 kB gzipped) is not part of the first screen:
 * it starts on first need (search or Find in conversation opened) or once the page has been idle
 * a while after sign-in, whichever comes first, and then fills in history in the background. A
 * chat's messages wait for it (startedSearchApiOf): opening a conversation never starts it.
 */
interface Session {
  /** The started backend; null when the session ended before it started. */
  client: Promise<SearchClient | null>;
  /** Starts the backend now (no-op once started); `false` ends the session unstarted. */
  go: (start: boolean) => void;
}

const running = new Map<string, Session>();
/**
 * Users whose search was opened before their session was (Ctrl+K right after a sign-in, while
 * the signed-in code still loads): their backend starts at once when it is, not after idling.
 */
const wantedEarly = new Set<string>();

/** How long after sign-in the backend waits for an idle moment when nothing needed it. */
export const IDLE_START_MS = 5000;

/** Resolves after `ms` and then the browser's next idle moment (a timer where there is none). */
function afterIdle(ms: number): { done: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return resolve();
      const id = requestIdleCallback(() => resolve(), { timeout: ms });
      cancel = () => cancelIdleCallback(id);
    }, ms);
    cancel = () => clearTimeout(timer);
  });
  return { done, cancel: () => cancel() };
}

/**
 * Opens user `uid`'s saved index once the backend starts (see above): its size and history
 * marks; null when the session ended first.
 */
export async function startSearchSession(
  uid: string,
): Promise<{ size: number; marks: CrawlMarks } | null> {
  let go: (start: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => (go = resolve));
  const idle = afterIdle(IDLE_START_MS);
  void idle.done.then(() => go(true));
  let opened: { size: number; marks: CrawlMarks } | undefined;
  const client = decided.then(async (start) => {
    idle.cancel();
    if (!start) return null;
    // Loaded with the backend, not with the signed-in screens.
    const { startSearchBackend } = await import('./search-client');
    const started = await startSearchBackend();
    opened = await started.api.open(uid);
    return started;
  });
  running.set(uid, { client, go });
  if (wantedEarly.delete(uid)) go(true);
  return (await client) ? (opened ?? { size: 0, marks: {} }) : null;
}

/** Starts the user's backend now if it is waiting (search was opened). */
export function wantSearchSession(uid: string): void {
  const session = running.get(uid);
  if (session) session.go(true);
  else wantedEarly.add(uid);
}

/**
 * The user's backend once open, starting it if it waits (null before sign-in, after sign-out,
 * or when it failed).
 */
export async function searchApiOf(uid: string): Promise<SearchApi | null> {
  wantSearchSession(uid);
  return startedSearchApiOf(uid);
}

/** The user's backend if it started or is starting; does not start a waiting one. */
export async function startedSearchApiOf(uid: string): Promise<SearchApi | null> {
  const client = await running.get(uid)?.client.catch(() => null);
  return client?.api ?? null;
}

/** Deletes the user's index from this device and stops its backend. */
export async function endSearchSession(uid: string): Promise<void> {
  const session = running.get(uid);
  running.delete(uid);
  wantedEarly.delete(uid);
  session?.go(false);
  const client = await session?.client.catch(() => null);
  // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
  if (!client) return (await import('./worker/search-store')).deleteSearchVault(uid);
  try {
    await client.api.wipe(uid);
  } finally {
    client.close();
  }
}
