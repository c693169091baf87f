/**
 * `chatImages/{conversationId}/{imageId}` and `groupImages/{groupId}/{imageId}`: the bytes of an image
 * message, apart from the message so a conversation downloads thumbnails only. A friendship's
 * photos (`sendMessage/{conversationId}`) are read by its two friends, a group's (`groupMessages/{groupId}`)
 * by its admin and members; two trees, so a relationship id and a group id never name the same
 * photos whatever their values. Written once, in the same update as their message;
 * removed only by the message's delete for everyone, in the same update.
 */
import { clearUnlessEncrypted, encryptedIn, SEALED_IMAGE_OVERHEAD } from './encryption-sealed';
import { and, childOf, or, x, type Expr, type RuleNode } from './builder';
import {
  $groupId,
  $conversationId,
  after,
  at,
  creating,
  deleting,
  eq,
  exactFields,
  exists,
  imageDataUrl,
  inFriendship,
  me,
  missing,
  newField,
  newValue,
  serverTime,
  sibling,
  signedIn,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { inGroupOf } from './groups-access';
import { fileKind, showsWords } from './conversations-files';

/** Characters of a data URL: ~300 KB full image, ~20 KB thumbnail (chat-image-message.ts). */
const FULL_DATA_MAX = 420000;
const THUMB_DATA_MAX = 28000;
const SIDE_MAX = 4096;

const $imageId = variable('imageId');

/** One size's bytes: clear only while the conversation is not `encrypted`. */
const dataUrl = (max: number, readers: Expr, encrypted: Expr): RuleNode => ({
  '.read': and(signedIn, readers),
  '.validate': clearUnlessEncrypted(
    imageDataUrl(max, 'webp', 'jpeg'),
    max + SEALED_IMAGE_OVERHEAD,
    encrypted,
  ),
});

/**
 * Only together with a new image message of mine in `tree` that names this very image (the
 * message as the update leaves it, seen from `{images}/$conversationId/$imageId`).
 */
const withNewImageMessage = (tree: string, conversationId: Expr, senderField: string) => {
  const messageAfter = (key: string) => val(after(3)(tree, conversationId, $imageId, key));
  return and(
    missing(at(tree, conversationId, $imageId)),
    eq(messageAfter('kind'), 'image'),
    eq(messageAfter('imageId'), $imageId),
    eq(messageAfter(senderField), me),
  );
};

/**
 * Removed by the sender of its message only in the update that deletes that message for
 * everyone (rules/conversations-actions.ts checks the delete itself: the sender, 24 hours).
 */
const withMessageDeleted = (tree: string, conversationId: Expr, senderField: string) =>
  and(
    deleting,
    eq(val(at(tree, conversationId, $imageId, senderField)), me),
    missing(at(tree, conversationId, $imageId, 'deleted')),
    eq(val(after(3)(tree, conversationId, $imageId, 'deleted')), x`true`),
  );

/**
 * One photo's bytes, read and written by `readers` with their new message in `tree`, removed
 * with that message's delete for everyone.
 */
const imageBytes = (
  readers: Expr,
  newMessage: Expr,
  messageDeleted: Expr,
  encrypted: Expr,
): RuleNode => ({
  // Never the list: a reader asks for one thumbnail or one full image by its path.
  '.write': and(verifiedUser, or(and(creating, readers, newMessage), messageDeleted)),
  ...exactFields({
    full: dataUrl(FULL_DATA_MAX, readers, encrypted),
    thumb: dataUrl(THUMB_DATA_MAX, readers, encrypted),
    createdAt: { '.validate': serverTime },
  }),
});

export const chatImages: RuleNode = {
  $conversationId: {
    $imageId: imageBytes(
      inFriendship,
      withNewImageMessage('sendMessage', $conversationId, 'messagesenderId'),
      withMessageDeleted('sendMessage', $conversationId, 'messagesenderId'),
      encryptedIn('sendMessage', $conversationId),
    ),
  },
};

export const groupImages: RuleNode = {
  $groupId: {
    $imageId: imageBytes(
      inGroupOf($groupId, me),
      withNewImageMessage('groupMessages', $groupId, 'senderId'),
      withMessageDeleted('groupMessages', $groupId, 'senderId'),
      encryptedIn('groupMessages', $groupId),
    ),
  },
};

/** A pixel size: a whole number within bounds. */
const side = and(
  x`newData.isNumber()`,
  x`newData.val() >= 1`,
  x`newData.val() <= ${SIDE_MAX}`,
  x`newData.val() % 1 == 0`,
);
const isImage = eq(sibling('kind'), 'image');

/**
 * For `sendMessage/{conversationId}/{msgId}` and `groupMessages/{groupId}/{msgId}`: the optional fields
 * of an image message. A message with a `kind` is an image with its size and its bytes (stored
 * by the same update in `images`, `chatImages` or `groupImages`, under the same conversation id);
 * a caption is the message's own text.
 */
export const imageMessageFields = (
  images: 'chatImages' | 'groupImages',
  conversationId: Expr,
  msgId: Expr,
): RuleNode => ({
  kind: {
    '.validate': or(
      and(
        eq(newValue, 'image'),
        x`newData.parent().hasChildren(['imageId', 'width', 'height'])`,
        exists(childOf(after(4)(images, conversationId, msgId), 'thumb')),
      ),
      // A file or voice message (rules/conversations-files.ts).
      fileKind(images === 'chatImages' ? 'chatFiles' : 'groupFiles', conversationId, msgId),
    ),
  },
  imageId: { '.validate': and(eq(newValue, msgId), isImage) },
  width: { '.validate': and(side, isImage) },
  height: { '.validate': and(side, isImage) },
  caption: {
    '.validate': and(isImage, eq(newValue, sibling('message'))),
  },
});

/**
 * For an inbox entry (`inbox/$uid/$conversationId` or `groupInbox/$uid/$groupId`): 'image' exactly when
 * the message it names is one; a file or voice message shows its words, as a text.
 */
export const kindOfMessage = (messageKind: Expr) =>
  or(
    and(eq(newField('lastKind'), 'text'), showsWords(messageKind)),
    and(eq(newField('lastKind'), 'image'), eq(messageKind, 'image')),
  );
