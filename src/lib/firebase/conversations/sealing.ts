import { conversationKey } from '../../conversation-key';
import { isSealed } from '../../crypto/sealed-value';
import type { ConversationCrypto } from './crypto';
import type { ChatMessage } from './message';
import type { ConversationLocation } from './location';

/** The signed-in user's sealing and opening of conversations; null sends and reads clear text. */
export type CryptoNow = () => Promise<ConversationCrypto | null>;
export const noCrypto: CryptoNow = () => Promise.resolve(null);

/**
 * A location's messages opened on the way in and its writes sealed on the way out, with the
 * signed-in user's keys (crypto.ts); clear text passes as it is.
 */
export function conversationSealing<Parties>(
  location: ConversationLocation<Parties>,
  cryptoNow: CryptoNow,
) {
  const keyOf = (id: string) => conversationKey(location.kind, id);
  /** The messages with their words opened; as they are, at once, when none is sealed. */
  const opened = (id: string, messages: ChatMessage[]): ChatMessage[] | Promise<ChatMessage[]> =>
    messages.some((m) => isSealed(m.text))
      ? cryptoNow().then((crypto) =>
          crypto
            ? Promise.all(messages.map((m) => crypto.openMessage(keyOf(id), m)))
            : messages.map((m) =>
                isSealed(m.text) ? { ...m, text: '', sealed: 'no-key' as const } : m,
              ),
        )
      : messages;
  const openedOne = async (id: string, message: ChatMessage | null) =>
    message ? ((await opened(id, [message]))[0] ?? null) : null;
  /** `changes` sealed for the conversation of `parties` (words, previews, photos). */
  const sealed = async (
    parties: Parties,
    changes: Record<string, unknown>,
    action?: { messageId: string; quoted?: { sender: string; sealedText?: string } },
  ) => {
    const crypto = await cryptoNow();
    if (!crypto) return changes;
    const id = location.conversationOf(parties);
    return crypto.sealUpdate(keyOf(id), changes, {
      parties: location.everyone(parties),
      ...(action ? { messageId: action.messageId, quoted: action.quoted } : {}),
    });
  };
  return { opened, openedOne, sealed };
}
