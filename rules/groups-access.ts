/** Who runs and who belongs to a group, for the groups, notifications and conversation areas. */
import { or, type Expr } from './builder';
import { at, eq, me, val } from './conditions';

/** The admin of group `groupId`, as stored before the write. */
export const adminIdOf = (groupId: Expr) => val(at('Mygroup', groupId, 'adminId'));

/** The signed-in user is the admin of group `groupId`, as stored before the write. */
export const adminOf = (groupId: Expr) => eq(adminIdOf(groupId), me);

/** `uid` is a current member of group `groupId` (invited or requesting people are not). */
export const memberOf = (groupId: Expr, uid: Expr) =>
  eq(val(at('groupMembership', groupId, uid, 'status')), 'member');

/**
 * `uid` runs group `groupId` or is a current member of it, as stored before the write. Invited
 * and requesting people, former members and strangers are neither; leaving or removal deletes
 * the membership entry, and with it access.
 */
export const inGroupOf = (groupId: Expr, uid: Expr) =>
  or(eq(adminIdOf(groupId), uid), memberOf(groupId, uid));
