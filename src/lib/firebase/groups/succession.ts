/**
 * What becomes of the groups a deleted account ran (docs/data-model.md, Groups of a deleted
 * account): each goes to its longest-standing member, or closes when nobody is in it. Plain data,
 * added to the account deletion's one root update; the rules (rules/groups.ts) accept a hand-over
 * only to a current member whose account exists, and a closing only with the whole roster.
 */
import type { GroupMembership } from '../records';

/** A member who can take a group over: in it now, with their account (and name) still there. */
export interface Successor {
  uid: string;
  username: string;
  at: number;
}

/** The member who joined first (earliest `at`; the uid breaks a tie, so every client agrees). */
export function longestStanding(candidates: readonly Successor[]): Successor | null {
  let best: Successor | null = null;
  for (const candidate of candidates) {
    if (!best || candidate.at < best.at || (candidate.at === best.at && candidate.uid < best.uid)) {
      best = candidate;
    }
  }
  return best;
}

/**
 * The changes for group `groupId`, run by the leaving account: handed to `successor` (who
 * leaves the roster, as admins are never in it), or closed with every roster entry and its
 * mirror when there is no successor.
 */
export function groupSuccessionChanges(
  groupId: string,
  roster: readonly Pick<GroupMembership, 'uid'>[],
  successor: Successor | null,
): Record<string, unknown> {
  if (successor) {
    return {
      [`Mygroup/${groupId}/adminId`]: successor.uid,
      [`Mygroup/${groupId}/adminName`]: successor.username,
      [`groupMembership/${groupId}/${successor.uid}`]: null,
      [`userGroups/${successor.uid}/${groupId}`]: null,
    };
  }
  const changes: Record<string, unknown> = { [`Mygroup/${groupId}`]: null };
  for (const { uid } of roster) {
    changes[`groupMembership/${groupId}/${uid}`] = null;
    changes[`userGroups/${uid}/${groupId}`] = null;
  }
  return changes;
}
