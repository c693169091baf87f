import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { selectTypingSeenAt, TYPING_VISIBLE_MS } from './conversations-receipts-selectors';

/**
 * Whether the open conversation's friend is typing: their signal is fresh. Their writer renews
 * it every 2 s and removes it on send, on leaving and on disconnect; if a removal never
 * arrives, it still ends 5 s after the last renewal (local time of its arrival).
 */
export function useFriendTyping(): boolean {
  const seenAt = useAppSelector(selectTypingSeenAt);
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (seenAt === null) return;
    const timer = setTimeout(
      () => setExpired(seenAt),
      Math.max(0, seenAt + TYPING_VISIBLE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [seenAt]);
  return seenAt !== null && expired !== seenAt;
}
