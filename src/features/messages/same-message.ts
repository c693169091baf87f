import type { ChatMessage } from '../../lib/firebase/chat-message';

/**
 * Whether a message from the live window is already loaded exactly so. Each answer of the
 * window repeats its 50 messages; only new or changed ones need to reach the sorted store,
 * whose every update costs time in proportion to all messages loaded.
 */
export function sameMessage(kept: ChatMessage | undefined, incoming: ChatMessage): boolean {
  return (
    kept !== undefined &&
    kept.createdAt === incoming.createdAt &&
    kept.message === incoming.message &&
    kept.messagesenderId === incoming.messagesenderId &&
    kept.massagesenderName === incoming.massagesenderName &&
    kept.messagereceiverId === incoming.messagereceiverId &&
    kept.messagereceiverName === incoming.messagereceiverName
  );
}
