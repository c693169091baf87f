/** `pictures/{uid}`: one profile picture per user, a data URL referenced from `users/{uid}/photo`. */
import { type RuleNode } from './builder';
import { $uid, exactFields, imageDataUrl, serverTime, signedIn, verifiedAs } from './conditions';

export const pictures: RuleNode = {
  $uid: {
    '.read': signedIn,
    '.write': verifiedAs($uid),
    ...exactFields({
      // Only the formats the cropper produces, and small enough for an RTDB leaf (~200 kB).
      data: { '.validate': imageDataUrl(200000, 'jpeg', 'webp') },
      updatedAt: { '.validate': serverTime },
    }),
  },
};
