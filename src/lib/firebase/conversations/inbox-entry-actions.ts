/**
 * What an edit, a delete for everyone and a reaction write outside the message, into the
 * conversation entries (`inbox/{uid}/{conversationId}`, `groupInbox/{uid}/{groupId}`), in the action's own
 * root update (docs/data-model.md, Message actions; rules/inbox.ts checks each against the
 * message change beside it). Nothing here imports Firebase: the server time is passed in.
 */
import type { ConversationKind } from '../../conversation-key';
import { inboxEntryPath } from './paths';
import { previewOf } from '../inbox/shapes';

/** The entries an edit or a delete of the conversation's last message updates. */
export interface EntryOwners {
  kind: ConversationKind;
  /** The friendship's id (`kind` 'direct') or the group's ('group'). */
  conversationId: string;
  /**
   * The people whose entry names the message as its last one: in a 1:1 both friends, in a
   * group the sender and the members the send counted for. An entry that names another message
   * (or is absent) makes the rules refuse the whole update, so leave out anyone unsure.
   */
  owners: readonly string[];
}

const entryChanges = (
  { kind, conversationId, owners }: EntryOwners,
  fields: Record<string, unknown>,
): Record<string, unknown> => {
  const changes: Record<string, unknown> = {};
  for (const uid of owners) {
    const entry = inboxEntryPath(kind, uid, conversationId);
    for (const [key, value] of Object.entries(fields)) changes[`${entry}/${key}`] = value;
  }
  return changes;
};

/** An edit of the last message: each entry's preview follows the new text. */
export const editPreviewChanges = (owners: EntryOwners, text: string) =>
  entryChanges(owners, { lastText: previewOf(text) });

/** A delete for everyone of the last message: each entry says it was deleted, with no words. */
export const deletePreviewChanges = (owners: EntryOwners) =>
  entryChanges(owners, { lastKind: 'deleted', lastText: '' });

/**
 * An edit or a delete for everyone of any message: each entry's change marker names it, at
 * server time, so every device of every party reads the conversation's changes at once (the
 * search index's catch-up); count, last message and preview stay.
 */
export const changeMarkerChanges = (owners: EntryOwners, messageId: string, now: object) =>
  entryChanges(owners, { changed: { messageId, at: now } });

export interface ReactionTarget {
  kind: ConversationKind;
  conversationId: string;
  /** The message's sender: their entry gets the notice. */
  authorId: string;
  /** Who reacts (the signed-in user). */
  reactorId: string;
  messageId: string;
  emoji: string;
  /** The message's text (a photo's caption or placeholder is ignored). */
  text: string;
  isImage: boolean;
}

/**
 * Beside `{message}/reactions/{emoji}/{reactor}`: adding a reaction writes the notice into the
 * author's entry (count and last message untouched); taking it back removes the notice in a
 * 1:1 chat, where only the reactor can have written it. In a group another member may have
 * reacted since, and removing their notice would make the rules refuse the whole update, so
 * there the notice stays (the row shows it only while it is newer than the last message).
 * Reacting to one's own message writes nothing here.
 */
export function reactionEntryChanges(
  target: ReactionTarget,
  on: boolean,
  now: object,
): Record<string, unknown> {
  if (target.authorId === target.reactorId) return {};
  const path = `${inboxEntryPath(target.kind, target.authorId, target.conversationId)}/reaction`;
  if (!on) return target.kind === 'direct' ? { [path]: null } : {};
  return {
    [path]: {
      by: target.reactorId,
      emoji: target.emoji,
      messageId: target.messageId,
      text: target.isImage ? '' : previewOf(target.text),
      kind: target.isImage ? 'image' : 'text',
      at: now,
    },
  };
}
