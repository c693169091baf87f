import { useEffect } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { chatShownChanged } from './conversations-receipts-slice';

/** Called by the chat panel: only a conversation on screen is marked read. */
export function useConversationShown(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(chatShownChanged(true));
    return () => {
      dispatch(chatShownChanged(false));
    };
  }, [dispatch]);
}
