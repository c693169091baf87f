/**
 * What this device has seen of its user's conversations, kept on the device so the database
 * cannot take it back (docs/security/e2ee.md, "What the device remembers"): from when each
 * conversation is known to be encrypted (so clear text dated after that is not a message from
 * its people), and the newest version of each message it has shown edited or deleted (so an
 * older one put back is noticed). It only ever moves forward: the earliest time, the newest
 * version. Nothing here imports Firebase.
 */
import type { ConversationKey } from '../../../conversation-key';

/** A message's version once this device saw it deleted for everyone, with its proof. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

/** Past this many messages, the oldest noted are forgotten (a delete or an edit each). */
const MESSAGES_MAX = 20_000;

/** The record as stored: plain data. */
export interface LedgerRecord {
  conversations: Record<string, number>;
  messages: Record<string, number>;
}

/** Where a ledger is kept between sessions (IndexedDB in a browser, seen-ledger-idb.ts). */
export interface LedgerStore {
  load(): Promise<LedgerRecord | null>;
  save(record: LedgerRecord): Promise<void>;
}

export interface SeenLedger {
  /** Resolves once what this device recorded before is loaded (or found unreadable). */
  ready: Promise<void>;
  /** Since when `conversation` is known to be encrypted; undefined: never seen so. */
  encryptedSince(conversation: ConversationKey): number | undefined;
  /** `conversation` is encrypted from `at` on (the earliest such time is kept). */
  markEncrypted(conversation: ConversationKey, at: number): void;
  /** The newest version of a message shown here: an edit's sealed time, or DELETED_VERSION. */
  versionOf(conversation: ConversationKey, messageId: string): number | undefined;
  noteVersion(conversation: ConversationKey, messageId: string, version: number): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only numbers survive a stored record: a damaged one is read as what of it is sound. */
const numbers = (value: unknown): Map<string, number> =>
  new Map(
    Object.entries(isRecord(value) ? value : {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );

/** A ledger kept in memory, loaded from and saved to `store` (none: this session only). */
export function makeSeenLedger(store?: LedgerStore): SeenLedger {
  const conversations = new Map<string, number>();
  const messages = new Map<string, number>();
  let saving = false;
  const save = () => {
    if (!store || saving) return;
    saving = true;
    // One save per burst of changes (a page opening notes many at once).
    queueMicrotask(() => {
      saving = false;
      const record: LedgerRecord = {
        conversations: Object.fromEntries(conversations),
        messages: Object.fromEntries(messages),
      };
      store.save(record).catch(() => undefined);
    });
  };
  const ready = (store ? store.load() : Promise.resolve(null)).then(
    (record) => {
      if (!record) return;
      // Merged under what this session noted meanwhile: nothing moves back.
      for (const [key, at] of numbers(record.conversations)) {
        const now = conversations.get(key);
        conversations.set(key, now === undefined ? at : Math.min(now, at));
      }
      for (const [key, version] of numbers(record.messages)) {
        messages.set(key, Math.max(messages.get(key) ?? version, version));
      }
    },
    () => undefined,
  );
  const messageKey = (conversation: ConversationKey, id: string) => `${conversation}|${id}`;
  return {
    ready,
    encryptedSince: (conversation) => conversations.get(conversation),
    markEncrypted(conversation, at) {
      const known = conversations.get(conversation);
      if (known !== undefined && known <= at) return;
      conversations.set(conversation, at);
      save();
    },
    versionOf: (conversation, id) => messages.get(messageKey(conversation, id)),
    noteVersion(conversation, id, version) {
      const key = messageKey(conversation, id);
      const known = messages.get(key);
      if (known !== undefined && known >= version) return;
      messages.delete(key);
      messages.set(key, version);
      if (messages.size > MESSAGES_MAX) messages.delete(messages.keys().next().value as string);
      save();
    },
  };
}
