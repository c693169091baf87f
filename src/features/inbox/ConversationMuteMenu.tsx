import type { ConversationKey } from '../../lib/conversation-key';
import { useAppSelector } from '../../store/hooks';
import { RowMenu } from '../friends';
import { selectConversationKey } from '../conversations';
import { inboxStrings } from './inbox-strings';
import { useConversationMenu } from './use-conversation-menu';

/**
 * The chat header's '⋯' for the open conversation: mute (8 hours, 1 week, always) or unmute,
 * pin and archive it. The messages route puts it in the conversation's header.
 */
export function ConversationMuteMenu() {
  const key = useAppSelector(selectConversationKey);
  return key ? <HeaderMenu conversation={key} /> : null;
}

function HeaderMenu({ conversation }: { conversation: ConversationKey }) {
  const items = useConversationMenu(conversation);
  return <RowMenu label={inboxStrings.prefs.headerMenu} items={items} />;
}
