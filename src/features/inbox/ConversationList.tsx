import { useAppSelector } from '../../store/hooks';
import { ListRow } from '../../components/ListRow';
import { directKey } from '../../lib/conversation-key';
import { inboxStrings } from './inbox-strings';
import { selectUploadingWords } from '../conversations';
import { BlockFriendAction, FriendListFrame, selectMyUid, type FriendRow } from '../friends';
import { PersonAvatar, useDeletedAccounts, useDisplayNames } from '../profiles';
import { formatConversationTime, previewOf, reactionPreview } from './conversation-time';
import { selectArrangedConversationRows, type ConversationRow } from './inbox-selectors';
import { ConversationTime } from './ConversationTime';
import { ArchivedHeading, ConversationMarks } from './ConversationMarks';
import { useConversationMenu } from './use-conversation-menu';
import { useDraftPreview } from './use-draft-preview';

interface Props {
  selectedUid?: string | undefined;
  onSelect: (row: FriendRow) => void;
}

/**
 * The messages screen's Friend List (the spec's panel and title) as the list of conversations:
 * the last message (or my draft) and its time, the unread count, pinned ones first, then the
 * latest activity first, and archived ones apart at the end, live.
 */
export function ConversationList({ selectedUid, onSelect }: Props) {
  const { main, archived } = useAppSelector(selectArrangedConversationRows);
  const rows = [...main, ...archived];
  // Current names, live from users/{uid}: a rename or a deleted account shows at once.
  const names = useDisplayNames(rows.map((r) => r.friend));
  const deleted = useDeletedAccounts(rows.map((r) => r.friend.uid));
  const item = (row: ConversationRow, i: number) => (
    <ConversationItem
      key={row.friendship.id}
      row={{ ...row, friend: { ...row.friend, name: names[i] ?? row.friend.name } }}
      deleted={deleted[i] ?? false}
      selected={row.friend.uid === selectedUid}
      onSelect={onSelect}
    />
  );
  return (
    <FriendListFrame count={rows.length}>
      {main.map((row, i) => item(row, i))}
      {archived.length > 0 ? <ArchivedHeading /> : null}
      {archived.map((row, i) => item(row, main.length + i))}
    </FriendListFrame>
  );
}

interface ItemProps {
  row: ConversationRow;
  deleted: boolean;
  selected: boolean;
  onSelect: (row: FriendRow) => void;
}

function ConversationItem({ row, deleted, selected, onSelect }: ItemProps) {
  const { friendship, friend, entry } = row;
  const key = directKey(friendship.id);
  const me = useAppSelector(selectMyUid);
  const draft = useDraftPreview(key);
  const menu = useConversationMenu(key);
  const uploading = useAppSelector((state) => selectUploadingWords(state, key));
  // In a 1:1 chat only the friend can have reacted to my message. Before the first message is
  // stored, the file or voice message I am sending says what is coming.
  const last = entry
    ? (reactionPreview(entry, friend.name) ?? previewOf(entry, me))
    : uploading
      ? inboxStrings.you(uploading)
      : '';
  const preview = draft ?? last;
  return (
    <ListRow
      onSelect={() => onSelect({ friendship, friend })}
      selected={selected}
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
          className={`block truncate ${entry?.unread ? 'font-semibold text-slate-800' : ''} ${entry || preview ? '' : 'text-slate-600'}`}
        >
          {preview || inboxStrings.noMessages}
        </span>
      }
      meta={entry ? <ConversationTime at={entry.lastAt} /> : undefined}
      actions={
        <>
          <span className="flex items-center">
            {entry ? (
              <span className="sr-only">
                {inboxStrings.lastMessage(preview, formatConversationTime(entry.lastAt))}
              </span>
            ) : null}
            <ConversationMarks conversation={key} unread={entry?.unread ?? 0} />
          </span>
          {deleted ? null : (
            <BlockFriendAction friendship={friendship} name={friend.name} menu moreItems={menu} />
          )}
        </>
      }
    />
  );
}
