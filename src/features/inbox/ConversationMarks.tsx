import type { ConversationKey } from '../../lib/conversation-key';
import { BellOffIcon, PinIcon } from '../../components/icons';
import { useAppSelector } from '../../store/hooks';
import { inboxStrings } from './inbox-strings';
import { selectIsMuted, selectPins } from './inbox-prefs-selectors';
import { UnreadBadge } from './UnreadBadge';

/** A row's pin and muted marks and its unread count, grey while muted. */
export function ConversationMarks({
  conversation,
  unread,
}: {
  conversation: ConversationKey;
  unread: number;
}) {
  const muted = useAppSelector((state) => selectIsMuted(state, conversation));
  const pinned = useAppSelector((state) => selectPins(state).includes(conversation));
  return (
    <>
      {pinned ? (
        <span className="text-slate-500" title={inboxStrings.prefs.pinned}>
          <PinIcon className="h-4 w-4" aria-hidden />
          <span className="sr-only">{inboxStrings.prefs.pinned}</span>
        </span>
      ) : null}
      {muted ? (
        <span className="text-slate-500" title={inboxStrings.prefs.muted}>
          <BellOffIcon className="h-4 w-4" aria-hidden />
          <span className="sr-only">{inboxStrings.prefs.muted}</span>
        </span>
      ) : null}
      <UnreadBadge count={unread} muted={muted} className={pinned || muted ? 'ml-1' : ''} />
    </>
  );
}

/** The 'Archived' section's heading, inside the list it divides. */
export function ArchivedHeading() {
  return (
    <li className="px-3 pb-1 pt-4">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {inboxStrings.prefs.archived}
      </h3>
    </li>
  );
}
