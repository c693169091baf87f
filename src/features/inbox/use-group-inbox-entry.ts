import { useAppSelector } from '../../store/hooks';
import { groupKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox-entry';
import { selectInboxEntry } from './inbox-selectors';

/** My inbox entry of group `groupId`, live (null before its first message). */
export function useGroupInboxEntry(groupId: string): InboxEntry | null {
  return useAppSelector((state) => selectInboxEntry(state, groupKey(groupId)));
}
