import type { ReactNode, SyntheticEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EmptyState } from '../../components/EmptyState';
import { BanIcon, ChatBubbleIcon, UsersIcon } from '../../components/icons';
import { componentsStrings } from '../../components/components-strings';
import { conversationsStrings } from './conversations-strings';
import { spec } from '../../strings/spec';
import { typedInConversation } from './receipts';
import { FailedMessages } from './message-list';
import { TypingIndicator } from './receipts';
import { useConversationShown } from './receipts';
import { useLinkedMessage } from './message-list';
import { directKey } from '../../lib/conversation-key';
import { useFriendTyping } from './receipts';
import { PersonAvatar, useDisplayName, useIsDeletedAccount } from '../profiles';
import {
  selectConversationAvailability,
  selectSelectedFriend,
  type ConversationAvailability,
} from './timeline';
import { Composer } from './composer';
import { retryMessage } from './sending';
import { ConversationPresence } from './receipts';
import type { Connectivity } from './connectivity';
import { ConversationLoading, OpenConversation } from './OpenConversation';

/** The chat with the selected friend: header, messages and the message field. */
export function ConversationPanel({
  connectivity = { offline: false, banner: null },
  headerMenu,
  showMessage = null,
}: {
  /**
   * A message of friendship `conversationId` to show and highlight once its conversation is open and
   * loaded (a notification's link).
   */
  showMessage?: { conversationId: string; messageId: string } | null;
} & Connectivity) {
  const friend = useAppSelector(selectSelectedFriend);
  useLinkedMessage(
    showMessage ? directKey(showMessage.conversationId) : null,
    showMessage?.messageId ?? null,
  );
  // The friend's current name, live: a rename shows at once, a deleted account as such.
  const friendName = useDisplayName(friend?.uid, friend?.name ?? '');
  const deleted = useIsDeletedAccount(friend?.uid);
  const availability = useAppSelector(selectConversationAvailability);
  const { offline } = connectivity;
  const dispatch = useAppDispatch();
  useConversationShown();
  // Typing in the message field (the only textarea) tells the friend, throttled by the gateway.
  const onInput = (event: SyntheticEvent) => {
    if (event.target instanceof HTMLTextAreaElement) dispatch(typedInConversation());
  };
  const open = friend && availability.kind === 'open';
  return (
    <section
      aria-label={conversationsStrings.chat.label}
      onInput={onInput}
      className="flex h-[calc(100vh-3rem)] min-h-182 flex-col rounded-2xl bg-white shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ring-slate-100"
    >
      <header className="flex items-center gap-4 border-b border-slate-100 px-6 py-4">
        {friend ? (
          <PersonAvatar uid={friend.uid} name={friendName} photo={friend.photo} size="lg" />
        ) : (
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
            <UsersIcon className="h-6 w-6" />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">
            {friend ? friendName : spec.chat.selectFriend}
          </h2>
          {/* Only while they can chat: a blocked or former friend's header keeps no label. */}
          {open && !deleted ? (
            <FriendLine uid={friend.uid} name={friendName} offline={offline} />
          ) : null}
        </div>
        {open ? <div className="ml-auto shrink-0">{headerMenu}</div> : null}
      </header>
      {connectivity.banner}
      <div className="min-h-0 flex-1">
        <ConversationBody availability={availability} friendName={friendName} />
      </div>
      <FailedMessages onRetry={(message) => void dispatch(retryMessage(message))} />
      {/* A deleted account keeps its conversation readable but can receive nothing more. */}
      {deleted ? (
        <p role="note" className="border-t border-slate-100 px-6 py-4 text-sm text-slate-600">
          {componentsStrings.people.cannotReceive}
        </p>
      ) : (
        <Composer disabled={availability.kind !== 'open'} />
      )}
    </section>
  );
}

/** '{name} is typing…' while they type, else their presence; nothing stale while offline. */
function FriendLine({ uid, name, offline }: { uid: string; name: string; offline: boolean }) {
  const typing = useFriendTyping();
  if (typing) return <TypingIndicator name={name} />;
  return offline ? null : <ConversationPresence uid={uid} />;
}

function ConversationBody({
  availability,
  friendName,
}: {
  availability: ConversationAvailability;
  friendName: string;
}) {
  const notice = (icon: ReactNode, message: ReactNode) => (
    <EmptyState icon={icon} message={message} />
  );
  switch (availability.kind) {
    case 'none':
      return notice(<ChatBubbleIcon />, conversationsStrings.chat.pickHint);
    case 'blocking':
    case 'blockedBy':
    case 'notFriends':
      return notice(<BanIcon />, conversationsStrings.chat[availability.kind](friendName));
    case 'loading':
      return <ConversationLoading />;
    case 'open':
      return <OpenConversation id={availability.friendship.id} name={friendName} />;
  }
}
