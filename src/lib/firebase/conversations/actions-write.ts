/**
 * The root updates of the message actions (docs/data-model.md, Message actions): edit, delete
 * for everyone and react, each one update so the message and the inbox entries that follow it
 * are stored together or not at all. Nothing here imports Firebase: the server time is passed in.
 */
import type { ConversationKind } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { filesPath } from './files/file-message';
import { imagesPath } from './paths';
import {
  changeMarkerChanges,
  deletePreviewChanges,
  editPreviewChanges,
  reactionEntryChanges,
  type EntryOwners,
} from './inbox-entry-actions';

/** One conversation as the actions see it: where its messages are and who takes part. */
export interface ActionScope {
  kind: ConversationKind;
  /** `sendMessage/{conversationId}` or `groupMessages/{groupId}`. */
  conversationId: string;
  /** The person acting. */
  me: string;
  /** Every party whose entry shows the conversation's last message, `me` included. */
  everyone: string[];
}

/** The rules' bound on a reaction's key, in UTF-16 units. */
const REACTION_KEY_MAX = 32;

const messagePath = ({ kind, conversationId }: ActionScope, id: string) =>
  `${kind === 'group' ? 'groupMessages' : 'sendMessage'}/${conversationId}/${id}`;

/** Every party's entry of the conversation, for the preview of its last message. */
const owners = (scope: ActionScope): EntryOwners => ({
  kind: scope.kind,
  conversationId: scope.conversationId,
  owners: [...new Set(scope.everyone)],
});

/**
 * A reaction key the rules take: 1–32 UTF-16 units, no ASCII letter, digit or space, and none
 * of the characters a database key cannot hold.
 */
export function isReactionKey(emoji: string): boolean {
  return (
    emoji.length >= 1 &&
    emoji.length <= REACTION_KEY_MAX &&
    !/[A-Za-z0-9 ]/.test(emoji) &&
    // eslint-disable-next-line no-control-regex -- control characters are not keys either
    !/[.#$/[\]\u0000-\u001f\u007f]/.test(emoji)
  );
}

/**
 * The edit: the new text and `editedAt`, and when the message is the last one every party's
 * preview (`lastText`). The rules allow it to the sender of a text message within 15 minutes.
 */
export function editWrite(
  scope: ActionScope,
  message: ConversationMessage,
  text: string,
  isLast: boolean,
  now: object,
): Record<string, unknown> {
  const path = messagePath(scope, message.id);
  const update: Record<string, unknown> = {
    [`${path}/message`]: text,
    [`${path}/editedAt`]: now,
  };
  return isLast ? { ...update, ...editPreviewChanges(owners(scope), text) } : update;
}

/**
 * Beside an edit or a delete for everyone of `message`: every party's change marker
 * (rules/inbox-changes.ts), left out again when an entry is missing (actions-fallback.ts).
 */
export const markerWrite = (scope: ActionScope, message: ConversationMessage, now: object) =>
  changeMarkerChanges(owners(scope), message.id, now);

/** Every field a message may carry beyond its envelope (rules/conversations-actions.ts). */
const contentFields = [
  'message',
  'kind',
  'imageId',
  'width',
  'height',
  'caption',
  'fileId',
  'file',
  'replyTo',
  'forwarded',
  'mentions',
  'editedAt',
  'reactions',
];

/**
 * The delete for everyone: `deleted` set with `deletedAt` (the server's `now`: other devices'
 * search indexes catch up with deletions by it), every other field but the envelope removed (the
 * envelope and `createdAt` are left as stored, never written back: a pending message's copy
 * holds only this device's estimate of its server time, and the rules keep `createdAt`
 * unchanged), a photo's bytes removed, and when it is the last message every party's preview
 * says so.
 */
export function removeWrite(
  scope: ActionScope,
  message: ConversationMessage,
  isLast: boolean,
  now: object,
): Record<string, unknown> {
  const path = messagePath(scope, message.id);
  const update: Record<string, unknown> = {
    [`${path}/deleted`]: true,
    [`${path}/deletedAt`]: now,
  };
  for (const field of contentFields) update[`${path}/${field}`] = null;
  if (message.image)
    update[`${imagesPath(scope.kind, scope.conversationId)}/${message.image.id}`] = null;
  // A file's chunks go with it (rules/conversations-files.ts).
  if (message.file)
    update[`${filesPath(scope.kind, scope.conversationId)}/${message.file.id}`] = null;
  return isLast ? { ...update, ...deletePreviewChanges(owners(scope)) } : update;
}

/**
 * Adds (`on`) or takes back my reaction `emoji`. Adding to someone else's message also tells its
 * author (their entry's `reaction`, the row's 'Alice reacted 👍 to …'), never their count; taking
 * back removes that notice in a 1:1 chat (inbox-entry-actions.ts, `reactionEntryChanges`).
 */
export function reactWrite(
  scope: ActionScope,
  message: ConversationMessage,
  emoji: string,
  on: boolean,
  now: object,
): Record<string, unknown> {
  if (!isReactionKey(emoji)) throw new Error(`"${emoji}" cannot be a reaction`);
  const target = {
    kind: scope.kind,
    conversationId: scope.conversationId,
    authorId: message.senderId,
    reactorId: scope.me,
    messageId: message.id,
    emoji,
    text: message.text,
    isImage: message.image !== undefined,
  };
  return {
    [`${messagePath(scope, message.id)}/reactions/${emoji}/${scope.me}`]: on ? now : null,
    ...reactionEntryChanges(target, on, now),
  };
}

/** `hiddenMessages/{uid}/{conversationId}` or `groupHiddenMessages/{uid}/{groupId}`: delete for me. */
export const hiddenPath = (kind: ConversationKind, uid: string, conversationId: string) =>
  `${kind === 'group' ? 'groupHiddenMessages' : 'hiddenMessages'}/${uid}/${conversationId}`;
