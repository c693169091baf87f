import { useEffect, useRef } from 'react';
import type { ConversationKey } from '../../../lib/conversation-key';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectConversationKey, selectConversationReady } from '../timeline';
import { jumpToMessage } from '../quotes';

/**
 * A link to a message (a mention's or a message's notification) shows it highlighted once
 * conversation `key` is open and loaded, loading older pages if needed; each link once.
 */
export function useLinkedMessage(key: ConversationKey | null, messageId: string | null): void {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(
    (state) =>
      key !== null && selectConversationKey(state) === key && selectConversationReady(state),
  );
  const shown = useRef<string | null>(null);
  useEffect(() => {
    // The link gone (the page takes it out once another conversation is chosen): the same link
    // followed again later shows its message again.
    if (!messageId) shown.current = null;
    if (!ready || !key || !messageId) return;
    const want = `${key}/${messageId}`;
    if (shown.current === want) return;
    shown.current = want;
    void dispatch(jumpToMessage(messageId));
  }, [dispatch, key, ready, messageId]);
}
