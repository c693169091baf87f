/**
 * `inbox/{uid}/{conversationId}`: my view of one friendship's conversation (unread count and last-message
 * summary). Written in the same root update as each message (docs/data-model.md, Inbox), so the
 * rules can tie every change of an entry to a message that the same update creates. A group's
 * entries live apart, in `groupInbox/{uid}/{groupId}` (rules/inbox-groups.ts), so a relationship id
 * and a group id never name the same entry whatever their values.
 */
import { and, childOf, not, or, x, type Expr, type RuleNode } from './builder';
import {
  $conversationId,
  $uid,
  accountExists,
  after,
  asEitherFriend,
  at,
  data,
  eq,
  exists,
  hasChildren,
  isUser,
  me,
  missing,
  newData,
  newField,
  oldField,
  oneOf,
  serverTime,
  signedInAs,
  stringOf,
  uidField,
  unchanged,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { kindOfMessage } from './conversations-images';
import { encryptedIn, previewUnlessEncrypted } from './encryption-sealed';
import { changeMarker, markerKept } from './inbox-changes';
import { coveredOnly, coverKept, entryCover } from './inbox-cover';
import {
  entryActions,
  lastFields,
  PREVIEW_LENGTH,
  previewOfMessage,
  reactionKept,
  reactionNotice,
  type MessageTree,
} from './inbox-actions';

/** The signed-in user and `other` are the two parties of the current friendship `$conversationId`. */
const friendsNow = (other: Expr) => asEitherFriend((_my, their) => [eq(their('Id'), other)]);

/**
 * The entry now describes a message that this very update creates in `tree` under
 * `conversationId`, sent by the signed-in user (its `senderField`) and `addressed` to the
 * entry's owner.
 */
export function describesNewMessageIn(
  tree: string,
  conversationId: Expr,
  senderField: string,
  addressed?: (field: (key: string) => Expr) => Expr,
) {
  const namedId = newField('lastMessageId');
  const messageAfter = after(3)(tree, conversationId, namedId);
  const messageField = (key: string) => val(childOf(messageAfter, key));
  return and(
    x`!${namedId}.contains('/')`,
    missing(at(tree, conversationId, namedId)),
    exists(messageAfter),
    eq(messageField(senderField), me),
    ...(addressed ? [addressed(messageField)] : []),
    eq(newField('lastSenderId'), me),
    eq(newField('lastAt'), x`now`),
    previewOfMessage(messageField('message'), newField('lastText')),
    kindOfMessage(messageField('kind')),
  );
}

// My own entry names the friend it went to; anyone else's entry is the receiver's.
const describesNewMessage = describesNewMessageIn(
  'sendMessage',
  $conversationId,
  'messagesenderId',
  (field) => or(isUser($uid), eq(field('messagereceiverId'), $uid)),
);

/** The owner clears the count, naming the last message they saw (refused if another came since). */
const reset = and(isUser($uid), eq(newField('unread'), x`0`), ...lastFields.map(unchanged));

/**
 * A message of mine: my own entry keeps its count, the receiver's goes up by exactly one. The
 * reaction notice stays as stored: a send may not plant one ("Carol reacted 😡 to 'I quit'").
 */
const deliveryOf = (describesNewMessage: Expr) =>
  and(
    describesNewMessage,
    reactionKept,
    or(
      and(isUser($uid), unchanged('unread')),
      and(
        not(isUser($uid)),
        or(
          and(
            exists(childOf(data, 'unread')),
            x`${newField('unread')} == ${oldField('unread')} + 1`,
          ),
          and(missing(childOf(data, 'unread')), eq(newField('unread'), x`1`)),
        ),
      ),
    ),
  );

/**
 * An entry's fields and its one check: the owner's reset, a summary of a new message that
 * `describesNewMessage` ties to the same update, or a message action's change (an edit's or a
 * delete's preview, a reaction notice: rules/inbox-actions.ts) tied to the message in
 * `messages`, or the owner's cover of a last message they deleted for themself
 * (rules/inbox-cover.ts). A reset keeps the reaction notice (the owner may remove it). Shared
 * with `groupInbox`.
 */
const inboxEntry = (describesNewMessage: Expr, messages: MessageTree): RuleNode => {
  // In an encrypted conversation no word of it is stored in clear (rules/encryption-sealed.ts).
  const encrypted = encryptedIn(messages.tree, messages.conversationId);
  return {
    '.validate': and(
      hasChildren(lastFields),
      or(
        reset,
        deliveryOf(describesNewMessage),
        ...entryActions(messages),
        coveredOnly(and(...['unread', ...lastFields].map(unchanged), reactionKept, markerKept)),
      ),
      // The cover is the owner's alone: no one else's write changes or removes it.
      or(isUser($uid), coverKept),
    ),
    unread: { '.validate': and(x`newData.isNumber()`, x`newData.val() >= 0`) },
    lastMessageId: uidField,
    lastSenderId: uidField,
    // Empty only once the message it names was deleted for everyone.
    lastText: {
      '.validate': and(
        previewUnlessEncrypted(stringOf({ max: PREVIEW_LENGTH }), encrypted),
        or(
          x`newData.val().length >= 1`,
          eq(x`newData.parent().child('lastKind').val()`, 'deleted'),
        ),
      ),
    },
    // 'image' only for an image message, 'deleted' only after a delete (checked above).
    lastKind: { '.validate': oneOf('text', 'image', 'deleted') },
    lastAt: { '.validate': serverTime },
    reaction: reactionNotice(encrypted),
    changed: changeMarker(messages),
    cover: entryCover(messages),
    $other: { '.validate': false },
  };
};

/**
 * One person's entries under `$uid`, one per `conversation` (`$conversationId`, `$groupId`): read by the
 * owner alone, written by the owner or, for a new message's summary or an action's change
 * (never deleting an entry), by one of the conversation's `peers`, never into an account that
 * is gone.
 */
export const inboxOf = (
  conversation: string,
  peers: Expr,
  describesNewMessage: Expr,
  messages: MessageTree,
): RuleNode => ({
  $uid: {
    // Nobody reads another person's counts or previews.
    '.read': signedInAs($uid),
    [conversation]: {
      '.write': and(
        verifiedUser,
        // Removing a reaction notice from an entry that is gone writes nothing: allowed, so
        // taking a reaction back never fails on it.
        or(isUser($uid), and(or(exists(newData), missing(data)), accountExists($uid), peers)),
      ),
      ...inboxEntry(describesNewMessage, messages),
    },
  },
});

/** A friendship's entries: its other friend writes them. */
export const inbox: RuleNode = inboxOf('$conversationId', friendsNow($uid), describesNewMessage, {
  tree: 'sendMessage',
  conversationId: $conversationId,
  senderField: 'messagesenderId',
});

/**
 * For `sendMessage/{conversationId}/{msgId}`: the same update names the message in the receiver's inbox
 * entry, so no message skips the receiver's unread count (the entry's rules check the count).
 */
export const comesWithInboxEntry = eq(
  val(after(3)('inbox', newField('messagereceiverId'), $conversationId, 'lastMessageId')),
  variable('msgId'),
);
