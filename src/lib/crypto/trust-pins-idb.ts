/**
 * Pinned identity keys in IndexedDB (`chatty-trust`, store `pins`, keyed `{owner}|{uid}`): a
 * database of its own, so the device-key vault (key-vault-idb.ts) keeps its version and shape.
 */
import { idbStore } from '../idb-store';
import type { ListPin, Pin, PinStore } from './trust-pins';

const DB_NAME = 'chatty-trust';
const STORE = 'pins';

const run = idbStore(DB_NAME, STORE);

const isPin = (value: unknown): value is Pin =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Pin).key === 'string' &&
  typeof (value as Pin).verified === 'boolean';

const isListPin = (value: unknown): value is ListPin =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ListPin).key === 'string' &&
  Number.isSafeInteger((value as ListPin).version) &&
  Array.isArray((value as ListPin).ids) &&
  (value as ListPin).ids.every((id) => typeof id === 'string') &&
  ((value as ListPin).signer === undefined ||
    (Number.isSafeInteger((value as ListPin).signer?.version) &&
      typeof (value as ListPin).signer?.publicKey === 'string'));

/** A device list's pin sits beside the identity pin, under `{owner}|{uid}|list`. */
export const indexedDbPinStore: PinStore = {
  getList: (owner, uid) =>
    run<unknown>('readonly', (store) => store.get(`${owner}|${uid}|list`)).then((value) =>
      isListPin(value) ? value : undefined,
    ),
  putList: (owner, uid, list) =>
    run<unknown>('readwrite', (store) =>
      store.put({ ...list, ids: [...list.ids] }, `${owner}|${uid}|list`),
    ).then(() => undefined),
  get: (owner, uid) =>
    run<unknown>('readonly', (store) => store.get(`${owner}|${uid}`)).then((value) =>
      isPin(value) ? value : undefined,
    ),
  put: (owner, uid, pin) =>
    run<unknown>('readwrite', (store) => store.put({ ...pin }, `${owner}|${uid}`)).then(
      () => undefined,
    ),
};
