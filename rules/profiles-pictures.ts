/** `pictures/{uid}`: one profile picture per user, a data URL referenced from `users/{uid}/photo`. */
import { and, or, x, type RuleNode } from './builder';
import {
  exactFields,
  isUser,
  serverTime,
  signedIn,
  stringOf,
  variable,
  verifiedUser,
} from './conditions';

const $uid = variable('uid');

export const pictures: RuleNode = {
  $uid: {
    '.read': signedIn,
    '.write': and(verifiedUser, isUser($uid)),
    ...exactFields({
      data: {
        // Only the formats the cropper produces, and small enough for an RTDB leaf (~200 kB).
        '.validate': and(
          stringOf({ max: 200000 }),
          or(
            x`newData.val().beginsWith('data:image/jpeg;base64,')`,
            x`newData.val().beginsWith('data:image/webp;base64,')`,
          ),
        ),
      },
      updatedAt: { '.validate': serverTime },
    }),
  },
};
