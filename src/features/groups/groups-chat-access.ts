import type { RootState } from '../../store/store';
import type { Group } from '../../lib/firebase/records';
import { selectActiveUser } from '../../store/session';
import { groupSelectors } from './groups-slice';

export interface GroupChatAccess {
  group: Group | undefined;
  /** I run the group or am a current member: the rules let me read and post. */
  canChat: boolean;
}

/**
 * Whether I may open a group's conversation, from my own live statuses. The emulator does not
 * cancel a listener when the data its rule reads changes, so the client closes the
 * conversation itself the moment its `userGroups` entry says I left or was removed.
 */
export function selectGroupChatAccess(state: RootState, groupId: string): GroupChatAccess {
  const group = groupSelectors.selectById(state, groupId) as Group | undefined;
  const me = selectActiveUser(state)?.uid;
  const admin = group !== undefined && me !== undefined && group.adminId === me;
  return { group, canChat: admin || state.memberships.mine[groupId] === 'member' };
}
