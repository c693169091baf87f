import { useAppSelector } from '../../store/hooks';
import { groupKey } from '../../lib/conversation-key';
import type { GroupRowSummary } from '../groups';
import { RowMenu } from '../friends';
import { ConversationTime } from './ConversationTime';
import { GroupConversationMeta, GroupPreview } from './GroupInboxSummary';
import { selectInboxEntry } from './inbox-selectors';
import { inboxStrings } from './inbox-strings';
import { useConversationMenu } from './use-conversation-menu';

/**
 * A group's row as its conversation line (last message or my draft, time, unread, pin and mute
 * marks, and the menu to pin, mute or archive it), from my inbox entry, live; null before its
 * first message. The messages route hands it to the groups' list.
 */
export function useGroupRowSummary(groupId: string, name: string): GroupRowSummary | null {
  const key = groupKey(groupId);
  const entry = useAppSelector((state) => selectInboxEntry(state, key));
  const menu = useConversationMenu(key);
  if (!entry) return null;
  return {
    subtitle: <GroupPreview entry={entry} />,
    meta: <ConversationTime at={entry.lastAt} />,
    badge: (
      <>
        <GroupConversationMeta entry={entry} />
        <RowMenu label={inboxStrings.prefs.menu(name)} items={menu} />
      </>
    ),
  };
}
