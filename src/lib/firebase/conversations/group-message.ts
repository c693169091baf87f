/**
 * Group messages as plain data: the parser that turns `groupMessages/{groupId}/{id}` into the
 * chat's message shape (docs/data-model.md, Group conversations). Nothing here imports Firebase.
 */
import { parseActionFields } from './action-fields';
import { parseChatImageInfo } from './image-message';
import { deletedMessage, type ChatMessage } from './message';

/**
 * A stored group message in the chat's shape, so the one-to-one list, bubbles and lightbox show
 * it: the sender's fields as they are, the group as the receiver (with no name).
 */
export function parseGroupChatMessage(
  groupId: string,
  id: string,
  value: unknown,
): ChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const { message, senderId, senderName, createdAt } = fields;
  if (typeof senderId !== 'string' || typeof senderName !== 'string') return null;
  const deleted = fields.deleted === true;
  if (!deleted && typeof message !== 'string') return null;
  const out: ChatMessage = {
    id,
    text: deleted ? '' : (message as string),
    senderId: senderId,
    senderName: senderName,
    receiverId: groupId,
    receiverName: '',
    createdAt: typeof createdAt === 'number' ? createdAt : 0,
  };
  // Deleted for everyone: the envelope alone is stored (and the proof), no text and no image.
  if (deleted) return deletedMessage(out, fields);
  const image = parseChatImageInfo(fields);
  if (image) out.image = { ...image, sender: senderId };
  return { ...out, ...parseActionFields(fields) };
}
