import type { ConversationKey } from '../../lib/conversation-key';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RowMenuItem } from '../friends';
import { inboxStrings } from './inbox-strings';
import {
  selectCanPinMore,
  selectIsArchived,
  selectIsMuted,
  selectPins,
} from './inbox-prefs-selectors';
import {
  archiveConversation,
  muteConversation,
  pinConversation,
  type MuteChoice,
} from './inbox-prefs-thunks';

const { prefs: t } = inboxStrings;
const MUTE_CHOICES = ['8h', '1w', 'always'] as const;

/** 'Mute for 8 hours', 'For 1 week', 'Always' (or 'Unmute'), as menu items of a conversation. */
function useMuteItems(key: ConversationKey): RowMenuItem[] {
  const dispatch = useAppDispatch();
  const muted = useAppSelector((state) => selectIsMuted(state, key));
  const mute = (choice: MuteChoice) => () => void dispatch(muteConversation({ key, choice }));
  if (muted) return [{ label: t.unmute, onSelect: mute('off') }];
  return MUTE_CHOICES.map((choice) => ({
    label: `${t.mute} · ${t.muteFor[choice]}`,
    onSelect: mute(choice),
  }));
}

/** A conversation row's own menu items: mute, pin and archive, each one way or back. */
export function useConversationMenu(key: ConversationKey): RowMenuItem[] {
  const dispatch = useAppDispatch();
  const muteItems = useMuteItems(key);
  const pinned = useAppSelector((state) => selectPins(state).includes(key));
  const canPin = useAppSelector(selectCanPinMore);
  // A new message brought it back: the menu offers 'Archive' again.
  const archived = useAppSelector((state) => selectIsArchived(state, key));
  const items: RowMenuItem[] = [];
  if (pinned || canPin)
    items.push({
      label: pinned ? t.unpin : t.pin,
      onSelect: () => void dispatch(pinConversation({ key, pinned: !pinned })),
    });
  items.push(...muteItems, {
    label: archived ? t.unarchive : t.archive,
    onSelect: () => void dispatch(archiveConversation({ key, archived: !archived })),
  });
  return items;
}
