/**
 * `chatImages/{relId}/{imageId}`: the bytes of an image message, apart from the message so a
 * conversation downloads thumbnails only. Readable by the conversation's parties (the same
 * condition as `sendMessage/{relId}`), written once, in the same update as its message.
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

/** Characters of a data URL: ~300 KB full image, ~20 KB thumbnail (chat-image-message.ts). */
export const FULL_DATA_MAX = 420000;
export const THUMB_DATA_MAX = 28000;
const SIDE_MAX = 4096;

const $relId = variable('relId');
const $imageId = variable('imageId');
const friend = (key: string) => val(at('friendList', $relId, key));
const parties = and(signedIn, partyOf(friend));

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

/** The image's message, as the update leaves it (seen from `chatImages/$relId/$imageId`). */
const messageAfter = (...path: string[]) => after(3)('sendMessage', $relId, $imageId, ...path);

export const chatImages: RuleNode = {
  $relId: {
    $imageId: {
      // Never the list: a reader asks for one thumbnail or one full image by its path.
      '.write': and(
        verifiedUser,
        creating,
        partyOf(friend),
        // Only together with a new image message of mine that names this very image.
        missing(at('sendMessage', $relId, $imageId)),
        eq(val(messageAfter('kind')), 'image'),
        eq(val(messageAfter('imageId')), $imageId),
        eq(val(messageAfter('messagesenderId')), me),
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

/** The image message's bytes, stored by the same update (seen from a field of the message). */
const imageStored = (msgId: Expr) =>
  exists(childOf(after(4)('chatImages', $relId, msgId), 'thumb'));

/**
 * For `sendMessage/{relId}/{msgId}`: the optional fields of an image message. A message with a
 * `kind` is an image with its size and its bytes; a caption is the message's own text.
 */
export const imageMessageFields = (msgId: Expr): RuleNode => ({
  kind: {
    '.validate': and(
      eq(x`newData.val()`, 'image'),
      x`newData.parent().hasChildren(['imageId', 'width', 'height'])`,
      imageStored(msgId),
    ),
  },
  imageId: { '.validate': and(eq(x`newData.val()`, msgId), isImage) },
  width: { '.validate': and(side, isImage) },
  height: { '.validate': and(side, isImage) },
  caption: {
    '.validate': and(isImage, eq(x`newData.val()`, x`newData.parent().child('message').val()`)),
  },
});

/** For an inbox entry (`inbox/$uid/$relId`): 'image' exactly when the message it names is one. */
export const kindOfMessage = (messageKind: Expr) =>
  or(
    and(eq(newField('lastKind'), 'text'), x`${messageKind} == null`),
    and(eq(newField('lastKind'), 'image'), eq(messageKind, 'image')),
  );
