import { useMemo } from 'react';
import { useAppSelector } from '../../store/hooks';
import { groupKey } from '../../lib/conversation-key';
import type { GroupArrangement } from '../groups';
import { arrangeRows, isArchived, selectMutedKeys, selectPins } from './inbox-prefs-selectors';
import { ArchivedHeading } from './ConversationMarks';

/**
 * The Group List's order where conversations open: my pinned groups first, archived ones apart
 * at the end. The messages route hands it to the groups' list.
 */
export function useGroupArrangement(groupIds: readonly string[]): GroupArrangement {
  const pins = useAppSelector(selectPins);
  const muted = useAppSelector(selectMutedKeys);
  const byKey = useAppSelector((state) => state.inboxPrefs.prefs.byKey);
  const entries = useAppSelector((state) => state.inbox.entries);
  const ids = groupIds.join('\n');
  return useMemo(() => {
    const list = ids ? ids.split('\n') : [];
    const { main, archived } = arrangeRows(list, groupKey, pins, (id) =>
      isArchived(byKey[groupKey(id)], entries[groupKey(id)] ?? null, muted.has(groupKey(id))),
    );
    return { main, archived, heading: <ArchivedHeading key="archived" /> };
  }, [ids, pins, muted, byKey, entries]);
}
