/** Who belongs to a group, for the conversation areas (messages, images, inbox, read markers). */
import { or, type Expr } from './builder';
import { at, eq, val } from './conditions';

/**
 * `uid` runs group `groupId` or is a current member of it, as stored before the write. Invited
 * and requesting people, former members and strangers are neither; leaving or removal deletes
 * the membership entry, and with it access.
 */
export const inGroupOf = (groupId: Expr, uid: Expr) =>
  or(
    eq(val(at('Mygroup', groupId, 'adminId')), uid),
    eq(val(at('groupMembership', groupId, uid, 'status')), 'member'),
  );
