/**
 * What may change in a stored message, 1:1 (`sendMessage`) and group (`groupMessages`) alike
 * (docs/data-model.md, Message actions): fields written only with the message (`replyTo`,
 * `forwarded`, a group's `mentions`), an edit by the sender (`message` + `editedAt`), a delete
 * for everyone by the sender (the envelope + `deleted`, and in an encrypted conversation the
 * sender's sealed `tombstone`), and each person's own reactions. Anything else in a stored
 * message never changes. In an encrypted conversation a message's words are sealed, edits too.
 */
import {
  clearUnlessEncrypted,
  encryptedIn,
  sealedOf,
  SEALED_MESSAGE_MAX,
  SEALED_PREVIEW_MAX,
} from './encryption-sealed';
import { and, childOf, not, or, x, type Expr, type RuleNode } from './builder';
import {
  $uid,
  at,
  eq,
  exists,
  isUser,
  me,
  missing,
  ne,
  newData,
  newField,
  newValue,
  serverTime,
  stringOf,
  unchanged,
  val,
  variable,
  verifiedUser,
} from './conditions';

/** The rules' windows, from the message's server time. */
const EDIT_WINDOW_MS = 15 * 60 * 1000;
const DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A reaction's key: 1–32 UTF-16 units. */
const REACTION_KEY_MAX = 32;

/** One kind of conversation, as its message tree's rules see it. */
export interface MessageTreeRules {
  tree: 'sendMessage' | 'groupMessages';
  /** `$conversationId` or `$groupId`. */
  conversationId: Expr;
  senderField: 'messagesenderId' | 'senderId';
  /** The fields a delete keeps, unchanged (`createdAt` is added). */
  envelope: string[];
  /** The signed-in user may read and write the conversation now. */
  access: Expr;
  /** More conditions on reacting (a group: no block between me and the sender). */
  reactAlso: (sender: Expr) => Expr[];
}

/** Every field a message may carry beyond its envelope: a deleted message holds none of them. */
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

const $msgId = variable('msgId');
const $emoji = variable('emoji');

export function messageActions(rules: MessageTreeRules) {
  const { tree, conversationId, senderField, envelope, access } = rules;
  const stored = (...key: (Expr | string)[]) => at(tree, conversationId, $msgId, ...key);
  /** Someone wrapped an epoch key in this conversation: no clear text from now on. */
  const encrypted = encryptedIn(tree, conversationId);
  /** The message is in the database before this write (so this is no send). */
  const messageStored = exists(stored(senderField));
  const storedSender = val(stored(senderField));
  const notDeleted = missing(stored('deleted'));
  const within = (ms: number) => x`now - ${val(stored('createdAt'))} <= ${ms}`;

  /** At `$msgId`: the sender deletes their message for everyone, once, within 24 hours. */
  const deleteForEveryone = and(
    verifiedUser,
    messageStored,
    eq(storedSender, me),
    notDeleted,
    within(DELETE_WINDOW_MS),
    eq(newField('deleted'), x`true`),
  );

  /**
   * At `$msgId`, beside the send's own checks: a stored message keeps its envelope, and is
   * either still a message or deleted with nothing but its envelope left.
   */
  const storedShape = and(
    messageStored,
    ...[...envelope, 'createdAt'].map(unchanged),
    or(
      and(
        eq(newField('deleted'), x`true`),
        ...contentFields.map((key) => missing(childOf(newData, key))),
        // The sender's proof, which readers check: a deletion without one is not theirs.
        or(not(encrypted), exists(childOf(newData, 'tombstone'))),
      ),
      and(missing(childOf(newData, 'deleted')), exists(childOf(newData, 'message'))),
    ),
  );

  /**
   * At `message` and `editedAt` (`data.parent()` is the stored message): the sender's edit of a
   * text message, not deleted, within 15 minutes, stamped with the server's time in the same
   * update, while they are still in the conversation.
   */
  const edit = and(
    verifiedUser,
    messageStored,
    eq(storedSender, me),
    notDeleted,
    missing(stored('kind')),
    within(EDIT_WINDOW_MS),
    access,
    eq(val(childOf(x`newData.parent()`, 'editedAt')), x`now`),
  );

  /** At `reactions/$emoji/$uid`: my own reaction, to a message not deleted, while I take part. */
  const react = and(
    verifiedUser,
    isUser($uid),
    messageStored,
    notDeleted,
    access,
    ...rules.reactAlso(storedSender),
  );

  /** Written with the message only, never added later. */
  const atSend = (check: Expr): RuleNode => ({ '.validate': and(not(messageStored), check) });

  const fields: RuleNode = {
    message: {
      '.write': edit,
      '.validate': clearUnlessEncrypted(
        stringOf({ min: 1, max: 4000 }),
        SEALED_MESSAGE_MAX,
        encrypted,
      ),
    },
    editedAt: { '.write': edit, '.validate': and(messageStored, serverTime) },
    // Set only by `deleteForEveryone` (its shape checked by `storedShape`).
    deleted: { '.validate': and(messageStored, eq(newValue, x`true`)) },
    // The sender's sealed proof of the delete for everyone, written with `deleted` (once).
    tombstone: {
      '.validate': and(
        messageStored,
        sealedOf(SEALED_PREVIEW_MAX),
        eq(val(childOf(x`newData.parent()`, 'deleted')), x`true`),
        missing(stored('deleted')),
      ),
    },
    // When it was deleted, the server's time, written with `deleted` (which is written once):
    // what other devices' search indexes query to catch up with deletions (docs/data-model.md).
    deletedAt: {
      '.validate': and(
        messageStored,
        serverTime,
        eq(val(childOf(x`newData.parent()`, 'deleted')), x`true`),
        missing(stored('deleted')),
      ),
    },
    // An earlier message of the same conversation (stored before this write).
    replyTo: atSend(
      and(
        stringOf({ min: 1, max: 128 }),
        x`!newData.val().contains('/')`,
        ne(newValue, $msgId),
        exists(at(tree, conversationId, newValue)),
      ),
    ),
    forwarded: atSend(eq(newValue, x`true`)),
    reactions: {
      '.validate': and(messageStored, x`newData.hasChildren()`),
      $emoji: {
        // An emoji, not words: no ASCII letters, digits or spaces.
        '.validate': and(
          x`${$emoji}.length >= 1`,
          x`${$emoji}.length <= ${REACTION_KEY_MAX}`,
          x`${$emoji}.matches(/^[^A-Za-z0-9 ]+$/)`,
          x`newData.hasChildren()`,
        ),
        $uid: { '.write': react, '.validate': serverTime },
      },
    },
  };

  return {
    deleteForEveryone,
    storedShape,
    messageStored,
    fields,
    /** A group's `mentions/{uid}`: `true`, at send, for its admin or a current member, not me. */
    mentions: (mentionable: Expr): RuleNode => ({
      ...atSend(x`newData.hasChildren()`),
      $uid: {
        '.validate': and(
          eq(newValue, x`true`),
          mentionable,
          ne($uid, val(childOf(x`newData.parent().parent()`, senderField))),
        ),
      },
    }),
  };
}
