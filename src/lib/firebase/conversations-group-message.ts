/**
 * Group messages as plain data: the parser that turns `groupMessages/{groupId}/{id}` into the
 * chat's message shape, and the one root update that sends a message (text or image) with every
 * member's inbox entry (docs/data-model.md, Group conversations). Nothing here imports Firebase.
 */
import {
  IMAGE_PLACEHOLDER,
  parseChatImageInfo,
  type ChatImageUpload,
} from './conversations-image-message';
import type { ChatMessage } from './conversations-message';
import { imagesPath, inboxEntryPath } from './conversations-paths';
import { previewOf, type ServerValues } from './inbox-entry';

/** Who posts to which group, and whose inbox entries count the message. */
export interface GroupParties {
  groupId: string;
  from: { uid: string; name: string };
  /** The admin and members other than the sender, without anyone blocked either way. */
  to: string[];
}

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
  if (typeof message !== 'string' || typeof senderId !== 'string') return null;
  if (typeof senderName !== 'string') return null;
  const out: ChatMessage = {
    id,
    message,
    messagesenderId: senderId,
    massagesenderName: senderName,
    messagereceiverId: groupId,
    messagereceiverName: '',
    createdAt: typeof createdAt === 'number' ? createdAt : 0,
  };
  const image = parseChatImageInfo(fields);
  if (image) out.image = image;
  return out;
}

/**
 * The message at `groupMessages/{groupId}/{id}`, each other member's entry (count + 1) and the
 * sender's (count untouched), all in `groupInbox`, and for a photo its bytes at
 * `groupImages/{groupId}/{id}`: one root update, so the server stores all of it or none of it.
 */
export function groupSendUpdate(
  { groupId, from, to }: GroupParties,
  id: string,
  text: string,
  server: ServerValues,
  image?: { upload: ChatImageUpload; caption: string },
): Record<string, unknown> {
  const message = image ? image.caption || IMAGE_PLACEHOLDER : text;
  const record: Record<string, unknown> = {
    message,
    senderId: from.uid,
    senderName: from.name,
    createdAt: server.now,
  };
  const update: Record<string, unknown> = { [`groupMessages/${groupId}/${id}`]: record };
  if (image) {
    const { upload, caption } = image;
    Object.assign(record, {
      kind: 'image',
      imageId: id,
      width: upload.width,
      height: upload.height,
    });
    if (caption) record.caption = caption;
    update[`${imagesPath('group', groupId)}/${id}`] = {
      full: upload.full,
      thumb: upload.thumb,
      createdAt: server.now,
    };
  }
  const summary = {
    lastMessageId: id,
    lastSenderId: from.uid,
    lastText: previewOf(message),
    lastKind: image ? 'image' : 'text',
    lastAt: server.now,
  };
  for (const uid of [from.uid, ...to]) {
    const entry = inboxEntryPath('group', uid, groupId);
    if (uid !== from.uid) update[`${entry}/unread`] = server.plusOne;
    for (const [key, value] of Object.entries(summary)) {
      update[`${entry}/${key}`] = value;
    }
  }
  return update;
}
