/**
 * The multi-path write of a send: the message with every party's inbox entry (the receivers'
 * unread count + 1), in one root update, so the server stores all of it or none of it
 * (docs/data-model.md, Inbox). Nothing here imports Firebase: the server values are passed in.
 */
import { IMAGE_PLACEHOLDER, type MessageImageUpload } from './image-message';
import { imagesPath, inboxEntryPath } from './paths';
import { previewOf } from '../inbox/shapes';

/** Who writes to whom; the rules check both against the current `friendList/{conversationId}`. */
export interface MessageParties {
  conversationId: string;
  from: { uid: string; name: string };
  to: { uid: string; name: string };
}

/** The server values the SDK provides: `serverTimestamp()` and `increment(1)`. */
export interface ServerValues {
  now: object;
  plusOne: object;
}

/**
 * What a send may add to its message (docs/data-model.md, Message actions): the quoted
 * message's id, the forward mark, and in groups the mentioned uids.
 */
export interface SendExtras {
  replyTo?: string;
  forwarded?: true;
  /** Groups only (a 1:1 message never carries them). */
  mentions?: string[];
  /**
   * More paths for the same root update, given the new message's id and the server values (the mentions'
   * notifications, written by the mentions feature): all stored with the message or none.
   */
  extraChanges?: (id: string, server: ServerValues) => Record<string, unknown>;
}

/** The extras as stored fields of the message record; `mentions` only where `withMentions`. */
function extrasFields(extras: SendExtras | undefined, withMentions: boolean) {
  const out: Record<string, unknown> = {};
  if (!extras) return out;
  if (extras.replyTo) out.replyTo = extras.replyTo;
  if (extras.forwarded) out.forwarded = true;
  if (withMentions && extras.mentions && extras.mentions.length > 0) {
    out.mentions = Object.fromEntries(extras.mentions.map((uid) => [uid, true]));
  }
  return out;
}

/**
 * The message at `sendMessage/{conversationId}/{id}`, the receiver's entry (count + 1) and the sender's
 * (count untouched) in one root update, so the server stores all of it or none of it.
 */
export function directSendWrite(
  { conversationId, from, to }: MessageParties,
  id: string,
  message: string,
  server: ServerValues,
  extras?: SendExtras,
): Record<string, unknown> {
  const summary = {
    lastMessageId: id,
    lastSenderId: from.uid,
    lastText: previewOf(message),
    lastKind: 'text',
    lastAt: server.now,
  };
  const update: Record<string, unknown> = {
    [`sendMessage/${conversationId}/${id}`]: {
      message,
      messagesenderId: from.uid,
      massagesenderName: from.name,
      messagereceiverId: to.uid,
      messagereceiverName: to.name,
      createdAt: server.now,
      ...extrasFields(extras, false),
    },
    [`inbox/${to.uid}/${conversationId}/unread`]: server.plusOne,
  };
  for (const [key, value] of Object.entries(summary)) {
    update[`inbox/${to.uid}/${conversationId}/${key}`] = value;
    update[`inbox/${from.uid}/${conversationId}/${key}`] = value;
  }
  return update;
}

/**
 * The text message's update (message + both inbox entries) extended for an image: the message
 * names its kind, image and size, both inbox entries say 'image', and the bytes go beside it,
 * all in the same root update so the rules see the message and its image together.
 */
export function directImageSendWrite(
  parties: MessageParties,
  id: string,
  image: MessageImageUpload,
  caption: string,
  server: ServerValues,
  extras?: SendExtras,
): Record<string, unknown> {
  const update = directSendWrite(parties, id, caption || IMAGE_PLACEHOLDER, server, extras);
  const messagePath = `sendMessage/${parties.conversationId}/${id}`;
  const message = update[messagePath] as Record<string, unknown>;
  update[messagePath] = {
    ...message,
    kind: 'image',
    imageId: id,
    width: image.width,
    height: image.height,
    ...(caption ? { caption } : {}),
  };
  for (const uid of [parties.from.uid, parties.to.uid]) {
    update[`inbox/${uid}/${parties.conversationId}/lastKind`] = 'image';
  }
  update[`${imagesPath('direct', parties.conversationId)}/${id}`] = {
    full: image.full,
    thumb: image.thumb,
    createdAt: server.now,
  };
  return update;
}

/** Who posts to which group, and whose inbox entries count the message. */
export interface GroupParties {
  groupId: string;
  from: { uid: string; name: string };
  /** The admin and members other than the sender, without anyone blocked either way. */
  to: string[];
}

/**
 * The message at `groupMessages/{groupId}/{id}`, each other member's entry (count + 1) and the
 * sender's (count untouched), all in `groupInbox`, and for a photo its bytes at
 * `groupImages/{groupId}/{id}`: one root update, so the server stores all of it or none of it.
 */
export function groupSendWrite(
  { groupId, from, to }: GroupParties,
  id: string,
  text: string,
  server: ServerValues,
  image?: { upload: MessageImageUpload; caption: string },
  extras?: SendExtras,
): Record<string, unknown> {
  const message = image ? image.caption || IMAGE_PLACEHOLDER : text;
  const record: Record<string, unknown> = {
    message,
    senderId: from.uid,
    senderName: from.name,
    createdAt: server.now,
    ...extrasFields(extras, true),
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
