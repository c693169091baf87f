import type { RootState } from '../../store/store';
import type { Group } from '../../lib/firebase/records';
import { selectGroup, selectInGroup } from './groups-selectors';

export interface GroupConversationAccess {
  group: Group | undefined;
  /** I run the group or am a current member: the rules let me read and post. */
  canChat: boolean;
}

/** Whether I may open a group's conversation, from my own live statuses (see selectInGroup). */
export function selectGroupConversationAccess(
  state: RootState,
  groupId: string,
): GroupConversationAccess {
  return { group: selectGroup(state, groupId), canChat: selectInGroup(state, groupId) };
}
