import { useAppSelector } from '../../store/hooks';
import { notificationsStrings } from './notifications-strings';
import { selectMentionedGroups } from './notifications-selectors';

/**
 * '@' beside a group row's unread badge while an unread mention of me in that group exists;
 * it goes once the conversation is opened (the mentions are marked read then).
 */
export function GroupMentionMark({ groupId }: { groupId: string }) {
  const mentioned = useAppSelector((state) => selectMentionedGroups(state).has(groupId));
  if (!mentioned) return null;
  return (
    <span
      data-testid="mention-mark"
      className="mr-1 inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-amber-400 px-1 text-xs font-bold text-slate-900"
    >
      <span aria-hidden>@</span>
      <span className="sr-only">{notificationsStrings.mentionedHere}</span>
    </span>
  );
}
