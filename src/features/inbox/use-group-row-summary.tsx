import { useAppSelector } from '../../store/hooks';
import { groupKey } from '../../lib/conversation-key';
import type { GroupRowSummary } from '../groups';
import { ConversationTime } from './ConversationTime';
import { GroupConversationMeta, GroupPreview } from './GroupInboxSummary';
import { selectInboxEntry } from './inbox-selectors';

/**
 * A group's row as its conversation line (last message, time, unread), from my inbox entry,
 * live; null before its first message. The messages route hands it to the groups' list.
 */
export function useGroupRowSummary(groupId: string): GroupRowSummary | null {
  const entry = useAppSelector((state) => selectInboxEntry(state, groupKey(groupId)));
  if (!entry) return null;
  return {
    subtitle: <GroupPreview entry={entry} />,
    meta: <ConversationTime at={entry.lastAt} />,
    badge: <GroupConversationMeta entry={entry} />,
  };
}
