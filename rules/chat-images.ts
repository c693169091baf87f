/**
 * `chatImages/{conversationId}/{imageId}`: the bytes of an image message, apart from the message
 * so a conversation downloads thumbnails only. The conversation is a friendship's
 * (`sendMessage/{relId}`) or a group's (`groupMessages/{groupId}`); its readers (the two friends,
 * or the group's admin and members) read the bytes, written once, in the same update as their
 * message.
 */
import { and, childOf, or, x, type Expr, type RuleNode } from './builder';
import {
  after,
  at,
  creating,
  eq,
  exactFields,
  exists,
  me,
  missing,
  newField,
  partyOf,
  serverTime,
  signedIn,
  stringOf,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { inGroupOf } from './group-access';

/** Characters of a data URL: ~300 KB full image, ~20 KB thumbnail (chat-image-message.ts). */
export const FULL_DATA_MAX = 420000;
export const THUMB_DATA_MAX = 28000;
const SIDE_MAX = 4096;

const $conversationId = variable('conversationId');
const $imageId = variable('imageId');
const friend = (key: string) => val(at('friendList', $conversationId, key));
const inGroup = inGroupOf($conversationId, me);
const parties = and(signedIn, or(partyOf(friend), inGroup));

const dataUrl = (max: number): RuleNode => ({
  '.read': parties,
  '.validate': and(
    stringOf({ max }),
    or(
      x`newData.val().beginsWith('data:image/webp;base64,')`,
      x`newData.val().beginsWith('data:image/jpeg;base64,')`,
    ),
  ),
});

/**
 * Only together with a new image message of mine in `tree` that names this very image (the
 * message as the update leaves it, seen from `chatImages/$conversationId/$imageId`).
 */
const withNewImageMessage = (tree: string, senderField: string) => {
  const messageAfter = (key: string) => val(after(3)(tree, $conversationId, $imageId, key));
  return and(
    missing(at(tree, $conversationId, $imageId)),
    eq(messageAfter('kind'), 'image'),
    eq(messageAfter('imageId'), $imageId),
    eq(messageAfter(senderField), me),
  );
};

export const chatImages: RuleNode = {
  $conversationId: {
    $imageId: {
      // Never the list: a reader asks for one thumbnail or one full image by its path.
      '.write': and(
        verifiedUser,
        creating,
        or(
          and(partyOf(friend), withNewImageMessage('sendMessage', 'messagesenderId')),
          and(inGroup, withNewImageMessage('groupMessages', 'senderId')),
        ),
      ),
      ...exactFields({
        full: dataUrl(FULL_DATA_MAX),
        thumb: dataUrl(THUMB_DATA_MAX),
        createdAt: { '.validate': serverTime },
      }),
    },
  },
};

/** A pixel size: a whole number within bounds. */
const side = and(
  x`newData.isNumber()`,
  x`newData.val() >= 1`,
  x`newData.val() <= ${SIDE_MAX}`,
  x`newData.val() % 1 == 0`,
);
const isImage = eq(x`newData.parent().child('kind').val()`, 'image');

/**
 * For `sendMessage/{relId}/{msgId}` and `groupMessages/{groupId}/{msgId}`: the optional fields
 * of an image message. A message with a `kind` is an image with its size and its bytes (stored
 * by the same update under the same conversation id); a caption is the message's own text.
 */
export const imageMessageFields = (conversationId: Expr, msgId: Expr): RuleNode => ({
  kind: {
    '.validate': and(
      eq(x`newData.val()`, 'image'),
      x`newData.parent().hasChildren(['imageId', 'width', 'height'])`,
      exists(childOf(after(4)('chatImages', conversationId, msgId), 'thumb')),
    ),
  },
  imageId: { '.validate': and(eq(x`newData.val()`, msgId), isImage) },
  width: { '.validate': and(side, isImage) },
  height: { '.validate': and(side, isImage) },
  caption: {
    '.validate': and(isImage, eq(x`newData.val()`, x`newData.parent().child('message').val()`)),
  },
});

/** For an inbox entry (`inbox/$uid/$conversationId`): 'image' exactly when the message it names is one. */
export const kindOfMessage = (messageKind: Expr) =>
  or(
    and(eq(newField('lastKind'), 'text'), x`${messageKind} == null`),
    and(eq(newField('lastKind'), 'image'), eq(messageKind, 'image')),
  );
