import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/store';
import { shownLast, type InboxEntry } from '../../lib/firebase/inbox/shapes';
import { inboxStrings } from './inbox-strings';
import { selectMyUid } from '../friends';
import { selectGroup, selectRoster } from '../groups';
import { useDisplayName } from '../profiles';
import { formatConversationTime, previewOf, reactionPreview } from './conversation-time';
import { ConversationMarks } from './ConversationMarks';
import { useDraftPreview } from './use-draft-preview';
import { groupKey } from '../../lib/conversation-key';

function copiedName(state: RootState, groupId: string, uid: string): string {
  const group = selectGroup(state, groupId);
  if (group?.adminId === uid) return group.adminName;
  return selectRoster(state, groupId)?.find((m) => m.uid === uid)?.username ?? '';
}

/** A group's last message in words: 'You: …' when mine, else the sender's first name first. */
function useGroupPreview(entry: InboxEntry): string {
  const me = useAppSelector(selectMyUid);
  // The last message I see: the one before a last one I deleted for me, or none.
  const sender = shownLast(entry)?.senderId ?? null;
  const mine = sender === me;
  // The roster's copied name shows until the sender's live profile is read.
  const copied = useAppSelector((state) =>
    sender ? copiedName(state, entry.conversationId, sender) : '',
  );
  const name = useDisplayName(mine ? null : sender, copied);
  // A member's reaction to my message, newer than the last message, takes the line.
  const reactor = entry.reaction?.by ?? null;
  const reactorCopied = useAppSelector((state) =>
    reactor ? copiedName(state, entry.conversationId, reactor) : '',
  );
  const reactorName = useDisplayName(reactor, reactorCopied);
  const draft = useDraftPreview(groupKey(entry.conversationId));
  if (draft) return draft;
  const reacted = reactionPreview(entry, reactorName);
  if (reacted) return reacted;
  const text = previewOf(entry, me);
  if (mine || !text) return text;
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return firstName ? inboxStrings.from(firstName, text) : text;
}

/** The Group List row's subtitle: the group's last message, bold while unread. */
export function GroupPreview({ entry }: { entry: InboxEntry }) {
  const preview = useGroupPreview(entry);
  return (
    <span
      aria-hidden
      className={`block truncate ${entry.unread ? 'font-semibold text-slate-800' : ''}`}
    >
      {preview}
    </span>
  );
}

/** The Group List row's last message and time in words (shown as the row's meta) and unread count. */
export function GroupConversationMeta({ entry }: { entry: InboxEntry }) {
  const preview = useGroupPreview(entry);
  return (
    <span className="flex items-center">
      <span className="sr-only">
        {inboxStrings.lastMessage(preview, formatConversationTime(entry.lastAt))}
      </span>
      <ConversationMarks conversation={groupKey(entry.conversationId)} unread={entry.unread} />
    </span>
  );
}
