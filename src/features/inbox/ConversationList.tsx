import { useAppSelector } from '../../store/hooks';
import { ListRow } from '../../components/ListRow';
import { inboxStrings } from './inbox-strings';
import { BlockFriendAction, FriendListFrame, selectMyUid, type FriendRow } from '../friends';
import { PersonAvatar, useDeletedAccounts, useDisplayNames } from '../profiles';
import { formatConversationTime, previewOf, reactionPreview } from './conversation-time';
import { selectConversationRows } from './inbox-selectors';
import { ConversationTime } from './ConversationTime';
import { UnreadBadge } from './UnreadBadge';

interface Props {
  selectedUid?: string | undefined;
  onSelect: (row: FriendRow) => void;
}

/**
 * The messages screen's Friend List (the spec's panel and title) as the list of conversations:
 * the last message and its time, the unread count, the latest activity first, live.
 */
export function ConversationList({ selectedUid, onSelect }: Props) {
  const rows = useAppSelector(selectConversationRows);
  const me = useAppSelector(selectMyUid);
  // Current names, live from users/{uid}: a rename or a deleted account shows at once.
  const names = useDisplayNames(rows.map((r) => r.friend));
  const deleted = useDeletedAccounts(rows.map((r) => r.friend.uid));
  return (
    <FriendListFrame count={rows.length}>
      {rows.map(({ friendship, friend: copied, entry }, i) => {
        const friend = { ...copied, name: names[i] ?? copied.name };
        // In a 1:1 chat only the friend can have reacted to my message.
        const preview = entry ? (reactionPreview(entry, friend.name) ?? previewOf(entry, me)) : '';
        return (
          <ListRow
            key={friendship.id}
            onSelect={() => onSelect({ friendship, friend })}
            selected={friend.uid === selectedUid}
            avatar={
              <PersonAvatar
                uid={friend.uid}
                name={friend.name}
                photo={friendship.senderId === me ? undefined : friendship.photo}
              />
            }
            title={friend.name}
            // Kept out of the select button's name (the friend's name); read out with the actions.
            subtitle={
              <span
                aria-hidden
                className={`block truncate ${entry?.unread ? 'font-semibold text-slate-800' : ''} ${entry ? '' : 'text-slate-600'}`}
              >
                {entry ? preview : inboxStrings.noMessages}
              </span>
            }
            meta={entry ? <ConversationTime at={entry.lastAt} /> : undefined}
            actions={
              <>
                {entry ? (
                  <span className="flex items-center">
                    <span className="sr-only">
                      {inboxStrings.lastMessage(preview, formatConversationTime(entry.lastAt))}
                    </span>
                    <UnreadBadge count={entry.unread} />
                  </span>
                ) : null}
                {deleted[i] ? null : (
                  <BlockFriendAction friendship={friendship} name={friend.name} menu />
                )}
              </>
            }
          />
        );
      })}
    </FriendListFrame>
  );
}
