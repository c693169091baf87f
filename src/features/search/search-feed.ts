import type { ConversationKey } from '../../lib/conversation-key';
import type { ConversationMessage } from '../../lib/firebase/conversations/shapes';
import type { SearchApi } from './worker';
import { docId, type SearchDoc } from './worker';

/** A readable message as the index keeps it. */
function searchDocOf(conv: ConversationKey, message: ConversationMessage): SearchDoc {
  return {
    id: docId(conv, message.id),
    conv,
    messageId: message.id,
    from: message.senderId,
    fromName: message.senderName,
    at: message.createdAt,
    text: message.text,
    photo: message.image !== undefined,
  };
}

/**
 * THE way into the index: messages of conversation `conv` as I can read them, in plaintext
 * (once conversations are end-to-end encrypted, what the conversation listeners and
 * fetchers hand over after decrypting). New and edited ones are indexed, ones deleted for
 * everyone leave it. Answers the index's new size.
 */
export async function indexMessages(
  api: SearchApi,
  conv: ConversationKey,
  messages: readonly ConversationMessage[],
): Promise<number> {
  // Clear text not from its people's devices (crypto.ts) is not theirs to find either.
  const out = (m: ConversationMessage) => m.deleted === true || m.alert === 'not-encrypted';
  const gone = messages.filter(out).map((m) => docId(conv, m.id));
  const kept = messages.filter((m) => !out(m)).map((m) => searchDocOf(conv, m));
  if (gone.length > 0) await api.remove(gone);
  return api.upsert(kept);
}
