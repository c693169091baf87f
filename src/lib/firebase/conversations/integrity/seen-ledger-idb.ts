/**
 * A user's seen ledger (seen-ledger.ts) in IndexedDB (`chatty-seen`, store `ledgers`, keyed by
 * uid): on the device only, where the database cannot change it.
 */
import { idbStore } from '../../../idb-store';
import type { LedgerRecord, LedgerStore } from './seen-ledger';

const DB_NAME = 'chatty-seen';
const STORE = 'ledgers';

const run = idbStore(DB_NAME, STORE);

/** `uid`'s ledger store in this browser's IndexedDB. */
export const indexedDbLedgerStore = (uid: string): LedgerStore => ({
  load: () => run<LedgerRecord | undefined>('readonly', (s) => s.get(uid)).then((r) => r ?? null),
  save: (record) => run<unknown>('readwrite', (s) => s.put(record, uid)).then(() => undefined),
});
