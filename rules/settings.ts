/** `settings/{uid}`: a person's preferences, theirs alone. Each key is listed with its type. */
import { and, x, type RuleNode } from './builder';
import { isUser, signedIn, variable, verifiedUser } from './conditions';

const $uid = variable('uid');

export const settings: RuleNode = {
  $uid: {
    '.read': and(signedIn, isUser($uid)),
    '.write': and(verifiedUser, isUser($uid)),
    // Absent means on: the person sends read markers and sees the friend's.
    readReceipts: { '.validate': x`newData.isBoolean()` },
    $other: { '.validate': false },
  },
};
