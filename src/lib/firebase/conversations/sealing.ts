import { conversationKey } from '../../conversation-key';
import { isSealed } from '../../crypto/sealed-value';
import type { ConversationCrypto } from './crypto';
import type { ConversationMessage } from './message';
import type { ConversationLocation } from './location';

/**
 * The signed-in user's sealing and opening of conversations (a device without keys gets one
 * that seals nothing, crypto.ts); null: nobody is signed in here.
 */
export type CryptoNow = () => Promise<ConversationCrypto | null>;
export const noCrypto: CryptoNow = () => Promise.resolve(null);

/** What an action on a stored message tells the sealing (seal-update.ts, SealOptions). */
export interface SealedAction {
  messageId: string;
  quoted?: { sender: string; sealedText?: string };
  /** An edit: what its message shows beyond its words, and when it was sent. */
  meta?: string;
  sentAt?: number;
}

/**
 * A location's messages opened and checked on the way in and its writes sealed on the way out,
 * with the signed-in user's keys (crypto.ts). `now`: the server's clock as this device estimates
 * it, sealed with words.
 */
export function conversationSealing<Parties>(
  location: ConversationLocation<Parties>,
  cryptoNow: CryptoNow,
  now: () => number = Date.now,
) {
  const keyOf = (id: string) => conversationKey(location.kind, id);
  /**
   * The messages with their words opened and checked. Clear text too: whether it may be shown is
   * what this device knows of the conversation (a message in clear text where only sealed ones
   * can come from its people is not shown as theirs).
   */
  const opened = async (
    id: string,
    messages: ConversationMessage[],
  ): Promise<ConversationMessage[]> => {
    const crypto = await cryptoNow();
    if (crypto) return crypto.openMessages(keyOf(id), messages);
    return messages.map((m) =>
      isSealed(m.text) ? { ...m, text: '', sealed: 'no-key' as const } : m,
    );
  };
  const openedOne = async (id: string, message: ConversationMessage | null) =>
    message ? ((await opened(id, [message]))[0] ?? null) : null;
  /** `changes` sealed for the conversation of `parties` (words, previews, photos, tombstones). */
  const sealed = async (
    parties: Parties,
    changes: Record<string, unknown>,
    action?: SealedAction,
  ) => {
    const crypto = await cryptoNow();
    if (!crypto) return changes;
    const id = location.conversationOf(parties);
    return crypto.sealUpdate(keyOf(id), changes, {
      parties: location.everyone(parties),
      now: now(),
      ...action,
    });
  };
  return { opened, openedOne, sealed };
}
