/**
 * Group messages as plain data: the parser that turns `groupMessages/{groupId}/{id}` into the
 * chat's message shape (docs/data-model.md, Group conversations). Nothing here imports Firebase.
 */
import { parseActionFields } from './action-fields';
import { parseMessageImageInfo } from './image-message';
import { parseMessageFileInfo } from './files/file-message';
import { deletedMessage, type ConversationMessage } from './message';

/**
 * A stored group message in the chat's shape, so the one-to-one list, bubbles and lightbox show
 * it: the sender's fields as they are, the group as the receiver (with no name).
 */
export function parseGroupMessage(
  groupId: string,
  id: string,
  value: unknown,
): ConversationMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const { message, senderId, senderName, createdAt } = fields;
  if (typeof senderId !== 'string' || typeof senderName !== 'string') return null;
  const deleted = fields.deleted === true;
  if (!deleted && typeof message !== 'string') return null;
  const out: ConversationMessage = {
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
  const image = parseMessageImageInfo(fields);
  if (image) out.image = { ...image, sender: senderId };
  const file = parseMessageFileInfo(fields);
  if (file) out.file = { ...file, sender: senderId };
  return { ...out, ...parseActionFields(fields) };
}
