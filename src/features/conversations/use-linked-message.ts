import { useEffect, useRef } from 'react';
import type { ConversationKey } from '../../lib/conversation-key';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectChatKey, selectChatReady } from './conversations-selectors';
import { jumpToMessage } from './conversations-quotes-thunks';

/**
 * A link to a message (a mention's or a message's notification) shows it highlighted once
 * conversation `key` is open and loaded, loading older pages if needed; each link once, then
 * `onShown` (the page takes the link out of its address, so coming back to the conversation
 * later does not jump again, while the same link followed anew does).
 */
export function useLinkedMessage(
  key: ConversationKey | null,
  messageId: string | null,
  onShown?: () => void,
): void {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(
    (state) => key !== null && selectChatKey(state) === key && selectChatReady(state),
  );
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!messageId) shown.current = null;
    if (!ready || !key || !messageId) return;
    const want = `${key}/${messageId}`;
    if (shown.current === want) return;
    shown.current = want;
    void dispatch(jumpToMessage(messageId));
    onShown?.();
  }, [dispatch, key, ready, messageId, onShown]);
}
