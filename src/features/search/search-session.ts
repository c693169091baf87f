import type { CrawlMarks, SearchApi } from './search-backend';
import { startSearchBackend, type SearchClient } from './search-client';
import { deleteSearchVault } from './search-store';

/**
 * The search backend of each signed-in user, started and opened by the search listeners at
 * sign-in and wiped at sign-out; the panel and Find in conversation reach it here by uid. A new
 * sign-in starts a fresh one (each test store its own).
 */
const running = new Map<string, Promise<SearchClient>>();

/** Starts user `uid`'s backend and opens their saved index: its size and history marks. */
export async function startSearchSession(
  uid: string,
): Promise<{ size: number; marks: CrawlMarks }> {
  let opened: { size: number; marks: CrawlMarks } | undefined;
  const started = startSearchBackend().then(async (client) => {
    opened = await client.api.open(uid);
    return client;
  });
  running.set(uid, started);
  await started;
  return opened ?? { size: 0, marks: {} };
}

/** The user's backend once open (null before sign-in, after sign-out, or when it failed). */
export async function searchApiOf(uid: string): Promise<SearchApi | null> {
  const client = await running.get(uid)?.catch(() => null);
  return client?.api ?? null;
}

/** Deletes the user's index from this device and stops its backend. */
export async function endSearchSession(uid: string): Promise<void> {
  const started = running.get(uid);
  running.delete(uid);
  const client = await started?.catch(() => null);
  if (!client) return deleteSearchVault(uid);
  try {
    await client.api.wipe(uid);
  } finally {
    client.close();
  }
}
