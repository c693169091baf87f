import type { ConversationKey } from '../../lib/conversation-key';
import { useAppSelector } from '../../store/hooks';
import { selectConversationKey, selectDraftOf } from '../conversations';
import { inboxStrings } from './inbox-strings';

/** 'Draft: …' for a conversation with unsent text, unless it is the one open. */
export function useDraftPreview(key: ConversationKey): string | null {
  const text = useAppSelector((state) =>
    selectConversationKey(state) === key ? '' : (selectDraftOf(state, key)?.text.trim() ?? ''),
  );
  return text ? inboxStrings.prefs.draft(text) : null;
}
