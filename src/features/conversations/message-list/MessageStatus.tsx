import { useAppSelector } from '../../../store/hooks';
import { CheckIcon, ClockIcon } from '../../../components/icons';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import {
  seenState,
  selectFriendMarker,
  selectMyLatestMessage,
  selectOutgoingState,
  selectReceiptsOn,
  selectSeenBy,
} from '../receipts';

type Status = 'pending' | 'sent' | 'seen' | { seenBy: number } | null;

/**
 * Which status a message of mine shows: pending, or under my latest one Sent/Seen (one
 * friend) or 'Seen by N' (a group, once anyone read it).
 */
function useStatus(message: ConversationMessage): Status {
  const outgoing = useAppSelector((state) => selectOutgoingState(state, message.id));
  const latest = useAppSelector((state) => selectMyLatestMessage(state)?.id === message.id);
  const group = useAppSelector((state) => state.conversations.kind === 'group');
  const seenBy = useAppSelector((state) => (latest && group ? selectSeenBy(state, message) : 0));
  const marker = useAppSelector(selectFriendMarker);
  const receiptsOn = useAppSelector(selectReceiptsOn);
  if (outgoing === 'pending') return 'pending';
  if (!latest) return null;
  if (group) return seenBy > 0 ? { seenBy } : 'sent';
  return seenState(message, marker, receiptsOn);
}

/**
 * The status of one of my messages, inside its bubble: a clock ('Sending') until the server
 * has it, then 'Sent' or 'Seen' under my latest message. `standalone` gives it its own line
 * (a bubble without a time line); without a status it renders nothing.
 */
export function MessageStatus({
  message,
  standalone = false,
}: {
  message: ConversationMessage;
  standalone?: boolean;
}) {
  const status = useStatus(message);
  if (!status) return null;
  const content =
    status === 'pending' ? (
      <span
        role="img"
        aria-label={conversationsStrings.inbox.sending}
        title={conversationsStrings.inbox.sending}
      >
        <ClockIcon className="h-3 w-3" />
      </span>
    ) : typeof status === 'object' ? (
      <span className="inline-flex items-center gap-0.5" data-status="seen">
        <CheckIcon className="h-3 w-3" />
        {conversationsStrings.inbox.seenBy(status.seenBy)}
      </span>
    ) : (
      <span className="inline-flex items-center gap-0.5" data-status={status}>
        {status === 'seen' ? <CheckIcon className="h-3 w-3" /> : null}
        {conversationsStrings.inbox[status]}
      </span>
    );
  return standalone ? (
    <span className="mt-0.5 flex justify-end text-[11px] text-brand-100">{content}</span>
  ) : (
    content
  );
}
