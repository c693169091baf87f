import type { Database } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import { placementsOf } from '../conversations';
import { storedMessage } from '../conversations/shapes';
import type { ConversationMessage, CryptoNow } from '../conversations/shapes';
import { isSealed } from '../../crypto/sealed-value';
import type { InboxEntry } from './entry';

/** A cover's sealed preview, in a browser without keys, says so rather than showing ciphertext. */
function withoutSealedCover(entry: InboxEntry): InboxEntry {
  const { cover } = entry;
  if (!cover?.shown || !isSealed(cover.shown.text)) return entry;
  const shown = { ...cover.shown, text: '', sealed: 'no-key' as const };
  return { ...entry, cover: { ...cover, shown } };
}

/** A message of a conversation by id, as stored (parsed, not opened): what an entry names. */
type EntryMessageLookup = (
  key: ConversationKey,
  messageId: string,
) => Promise<ConversationMessage | null>;

/**
 * Reads the messages entries name from the directory `db`'s placement of their conversation
 * (each read once per entry state, crypto.ts).
 */
export const entryMessagesOf =
  (db: Database): EntryMessageLookup =>
  async (key, messageId) => {
    const stored = storedMessage(key, messageId);
    // Within the three connections: a message on a fourth instance is read over REST.
    return stored.parse(await placementsOf(db).readPlaced(key, stored.path));
  };

/**
 * Each entry's sealed preview, reaction quote and cover opened (crypto.ts), and with `lookup`
 * checked against the messages they name.
 */
export const entriesOpener =
  (cryptoNow: CryptoNow, lookup?: EntryMessageLookup) =>
  async (
    inbox: Record<ConversationKey, InboxEntry>,
  ): Promise<Record<ConversationKey, InboxEntry>> => {
    const keys = Object.keys(inbox) as ConversationKey[];
    const crypto = await cryptoNow();
    if (!crypto) {
      // Nobody signed in here: a sealed preview says so rather than showing ciphertext.
      return Object.fromEntries(
        keys.map((key) => [
          key,
          withoutSealedCover(
            isSealed(inbox[key].lastText)
              ? { ...inbox[key], lastText: '', sealed: 'no-key' as const }
              : inbox[key],
          ),
        ]),
      );
    }
    const entries = await Promise.all(
      keys.map((key) =>
        crypto.openEntry(key, inbox[key], lookup && ((id: string) => lookup(key, id))),
      ),
    );
    return Object.fromEntries(keys.map((key, i) => [key, entries[i]]));
  };
