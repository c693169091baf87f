/**
 * What a message action (edit, delete for everyone, reaction) may write into a conversation
 * entry (`inbox/{uid}/{conversationId}`, `groupInbox/{uid}/{groupId}`) beside the message change itself
 * (docs/data-model.md, Message actions). Each change is tied to the message that the same
 * update edits, deletes or reacts to, as the rules of the message tree leave it; the entry's
 * count and last-message fields never move with it, except the preview of the message they name.
 */
import { showsWords } from './conversations-files';
import { and, childOf, not, or, x, type Expr, type RuleNode } from './builder';
import { isSealedValue, previewUnlessEncrypted } from './encryption-sealed';
import {
  $uid,
  after,
  at,
  data,
  eq,
  exists,
  isUser,
  me,
  missing,
  ne,
  newData,
  newField,
  oldField,
  oneOf,
  serverTime,
  stringOf,
  uidField,
  unchanged,
  val,
} from './conditions';
import { markedOnly, markerKept, markerKeptOrNew } from './inbox-changes';

/** The number of characters of a message an entry's `lastText` keeps. */
export const PREVIEW_LENGTH = 100;

export const lastFields = ['lastMessageId', 'lastSenderId', 'lastText', 'lastKind', 'lastAt'];

/**
 * `text` is `message`'s beginning, cut at 100 characters (at 99 when the 100th would split a
 * surrogate pair), so a preview is always the sender's own words.
 */
export const previewOfMessage = (message: Expr, text: Expr) =>
  or(
    and(
      not(isSealedValue(message)),
      x`${message}.beginsWith(${text})`,
      or(eq(text, message), x`${text}.length >= ${PREVIEW_LENGTH - 1}`),
    ),
    // Sealed words have a sealed preview (rules/encryption-sealed.ts), or none (a quote the
    // reactor could not seal); the rules cannot compare what they cannot read.
    and(isSealedValue(message), or(isSealedValue(text), eq(text, ''))),
  );

/** A conversation's messages, seen from its entry `{inbox}/$uid/{conversationId}`. */
export interface MessageTree {
  tree: 'sendMessage' | 'groupMessages';
  conversationId: Expr;
  senderField: string;
}

const keyOk = (key: Expr) => x`!${key}.contains('/')`;

/** The stored entry's count and fields that no action but a send or a reset changes. */
const keeps = (...keys: string[]) =>
  and(exists(childOf(data, 'lastMessageId')), ...keys.map(unchanged));

/** `reaction` is as stored, or absent before and after. */
export const reactionKept = or(
  and(missing(childOf(data, 'reaction')), missing(childOf(newData, 'reaction'))),
  and(
    exists(childOf(data, 'reaction')),
    ...['by', 'emoji', 'messageId', 'text', 'kind', 'at'].map((key) =>
      eq(val(childOf(newData, 'reaction', key)), val(childOf(data, 'reaction', key))),
    ),
  ),
);

/**
 * The entry follows an edit or a delete for everyone of the message it names as its last, by
 * that message's sender (the owner, for their own entry, or the other party), in this update.
 */
function followUps({ tree, conversationId, senderField }: MessageTree) {
  const named = oldField('lastMessageId');
  const before = (...key: string[]) => at(tree, conversationId, named, ...key);
  const afterwards = (...key: string[]) => after(3)(tree, conversationId, named, ...key);
  const bySender = and(
    keyOk(named),
    exists(before()),
    eq(val(afterwards(senderField)), me),
    ne(val(before('deleted')), x`true`),
  );
  const edit = and(
    keeps('unread', 'lastMessageId', 'lastSenderId', 'lastKind', 'lastAt'),
    eq(newField('lastKind'), 'text'),
    bySender,
    eq(val(afterwards('editedAt')), x`now`),
    ne(val(before('editedAt')), x`now`),
    x`${val(afterwards('deleted'))} == null`,
    previewOfMessage(val(afterwards('message')), newField('lastText')),
    reactionKept,
    markerKeptOrNew,
  );
  const remove = and(
    keeps('unread', 'lastMessageId', 'lastSenderId', 'lastAt'),
    eq(newField('lastKind'), 'deleted'),
    eq(newField('lastText'), ''),
    bySender,
    eq(val(afterwards('deleted')), x`true`),
    reactionKept,
    markerKeptOrNew,
  );
  return { edit, remove };
}

/**
 * The reactor writes `reaction` into the entry of the message's author, only when this update
 * adds their reaction (`reactions/{emoji}/{me}`) to that message; the count and the last
 * message stay. The reactor, or the owner, may take the notice away (a reactor's removal of a
 * notice already gone is a harmless no-op, so taking a reaction back never fails on it).
 */
function reactionChanges({ tree, conversationId, senderField }: MessageTree) {
  const field = (key: string) => val(childOf(newData, 'reaction', key));
  const messageId = field('messageId');
  const emoji = field('emoji');
  const message = (...key: (Expr | string)[]) => after(3)(tree, conversationId, messageId, ...key);
  const untouched = and(keeps('unread', ...lastFields), markerKept);
  const added = and(
    untouched,
    not(isUser($uid)),
    eq(field('by'), me),
    eq(field('at'), x`now`),
    keyOk(messageId),
    keyOk(emoji),
    exists(at(tree, conversationId, messageId)),
    eq(val(message(senderField)), $uid),
    x`${val(message('deleted'))} == null`,
    missing(at(tree, conversationId, messageId, 'reactions', emoji, me)),
    eq(val(message('reactions', emoji, me)), x`now`),
    or(
      and(eq(val(message('kind')), 'image'), eq(field('kind'), 'image'), eq(field('text'), '')),
      and(
        showsWords(val(message('kind'))),
        eq(field('kind'), 'text'),
        previewOfMessage(val(message('message')), field('text')),
      ),
    ),
  );
  const removed = and(
    untouched,
    missing(childOf(newData, 'reaction')),
    or(
      isUser($uid),
      missing(childOf(data, 'reaction')),
      eq(val(childOf(data, 'reaction', 'by')), me),
    ),
  );
  return { added, removed };
}

/** Every action's change of an entry, for `inboxEntry`'s check (rules/inbox.ts). */
export function entryActions(messages: MessageTree): Expr[] {
  const { edit, remove } = followUps(messages);
  const { added, removed } = reactionChanges(messages);
  // An edit or delete of any message marks the entry (`changed`, rules/inbox-changes.ts).
  const marked = markedOnly(and(keeps('unread', ...lastFields), reactionKept));
  return [edit, remove, added, removed, marked];
}

/**
 * The entry's `reaction` child: its shape (the update it belongs to is checked above); its quote
 * sealed in an `encrypted` conversation.
 */
export const reactionNotice = (encrypted: Expr): RuleNode => ({
  '.validate': x`newData.hasChildren(['by', 'emoji', 'messageId', 'text', 'kind', 'at'])`,
  by: uidField,
  emoji: { '.validate': stringOf({ min: 1, max: 32 }) },
  messageId: uidField,
  text: { '.validate': previewUnlessEncrypted(stringOf({ max: PREVIEW_LENGTH }), encrypted) },
  kind: { '.validate': oneOf('text', 'image') },
  at: { '.validate': or(serverTime, eq(x`newData.val()`, x`data.val()`)) },
  $other: { '.validate': false },
});
