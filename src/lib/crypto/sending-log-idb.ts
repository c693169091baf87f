/**
 * The sending log (sending-log.ts) in IndexedDB (`chatty-sending`, store `epochs`, keyed
 * `{uid}|{conversation}`): a database of its own, so the key vault and the pins keep theirs.
 */
import { idbStore } from '../idb-store';
import type { SendingLog, SentEpoch } from './sending-log';

const DB_NAME = 'chatty-sending';
const STORE = 'epochs';

const run = idbStore(DB_NAME, STORE);

const isSent = (value: unknown): value is SentEpoch => {
  const sent = value as SentEpoch | null;
  return (
    typeof sent === 'object' &&
    sent !== null &&
    typeof sent.epoch === 'string' &&
    typeof sent.devices === 'string' &&
    typeof sent.at === 'number' &&
    typeof sent.count === 'number'
  );
};

export const indexedDbSendingLog: SendingLog = {
  get: (uid, conversation) =>
    run<unknown>('readonly', (store) => store.get(`${uid}|${conversation}`)).then(
      (value) => (isSent(value) ? value : undefined),
      () => undefined,
    ),
  put: (uid, conversation, sent) =>
    run<unknown>('readwrite', (store) => store.put({ ...sent }, `${uid}|${conversation}`)).then(
      () => undefined,
    ),
};
