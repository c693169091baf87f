import { useCallback, useEffect, useState } from 'react';
import { useGateways } from '../../app/hooks';
import type { GroupMessage } from '../../lib/firebase/group-messages';
import { strings } from '../../strings';

/** Messages shown first, and added by each 'older' step. */
export const GROUP_PAGE_SIZE = 30;

export interface GroupConversation {
  status: 'loading' | 'ready' | 'error';
  messages: GroupMessage[];
  error: string | null;
  /** The last answer filled the window, so older messages may exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

interface Answer {
  groupId: string;
  size: number;
  messages: GroupMessage[];
  error: string | null;
}

/**
 * The live window of a group's newest messages while `open` (I run it or belong to it). Older
 * pages widen the same live query, so every loaded message stays live. When `open` turns false
 * (I left or was removed) the listener closes at once and the messages are dropped.
 */
export function useGroupConversation(groupId: string, open: boolean): GroupConversation {
  const { groups } = useGateways();
  const [limit, setLimit] = useState({ groupId, size: GROUP_PAGE_SIZE });
  const size = limit.groupId === groupId ? limit.size : GROUP_PAGE_SIZE;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!open) return;
    return groups.subscribeGroupMessages(
      { groupId, limit: size },
      (messages) => setAnswer({ groupId, size, messages, error: null }),
      () => setAnswer({ groupId, size, messages: [], error: strings.groupChat.errors.load }),
    );
  }, [groups, groupId, size, open]);

  const mine = open && answer?.groupId === groupId ? answer : null;
  const loadOlder = useCallback(
    () => setLimit({ groupId, size: size + GROUP_PAGE_SIZE }),
    [groupId, size],
  );
  return {
    status: !mine ? 'loading' : mine.error ? 'error' : 'ready',
    messages: mine?.messages ?? [],
    error: mine?.error ?? null,
    hasOlder: mine !== null && mine.messages.length >= mine.size,
    loadingOlder: mine !== null && mine.size !== size,
    loadOlder,
  };
}
