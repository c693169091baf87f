import type { ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { AlertIcon, BanIcon, ChatBubbleIcon, UsersIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import {
  selectChatAvailability,
  selectSelectedFriend,
  type ChatAvailability,
} from './chat-selectors';
import { ChatComposer } from './ChatComposer';
import { ChatPresence } from './ChatPresence';
import { MessageList } from './MessageList';

/** The chat with the selected friend: header, messages and the message field. */
export function ChatPanel() {
  const friend = useAppSelector(selectSelectedFriend);
  const availability = useAppSelector(selectChatAvailability);
  return (
    <section
      aria-label={strings.chat.label}
      className="flex h-[calc(100vh-3rem)] min-h-[45.5rem] flex-col rounded-2xl bg-white shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1 ring-slate-100"
    >
      <header className="flex items-center gap-4 border-b border-slate-100 px-6 py-4">
        {friend ? (
          <PersonAvatar uid={friend.uid} name={friend.name} photo={friend.photo} size="lg" />
        ) : (
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
            <UsersIcon className="h-6 w-6" />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">
            {friend ? friend.name : strings.chat.selectFriend}
          </h2>
          {/* Only while they can chat: a blocked or former friend's header keeps no label. */}
          {friend && availability.kind === 'open' ? <ChatPresence uid={friend.uid} /> : null}
        </div>
      </header>
      <div className="min-h-0 flex-1">
        <ChatBody availability={availability} friendName={friend?.name ?? ''} />
      </div>
      <ChatComposer disabled={availability.kind !== 'open'} />
    </section>
  );
}

function ChatBody({
  availability,
  friendName,
}: {
  availability: ChatAvailability;
  friendName: string;
}) {
  const status = useAppSelector((state) => state.chat.status);
  const error = useAppSelector((state) => state.chat.error);
  const notice = (icon: ReactNode, message: ReactNode) => (
    <EmptyState icon={icon} message={message} />
  );
  switch (availability.kind) {
    case 'none':
      return notice(<ChatBubbleIcon />, strings.chat.pickHint);
    case 'blocking':
    case 'blockedBy':
    case 'notFriends':
      return notice(<BanIcon />, strings.chat[availability.kind](friendName));
    case 'loading':
      return <Loading />;
    case 'open':
      if (status === 'error') return notice(<AlertIcon />, error);
      if (status !== 'ready') return <Loading />;
      return <MessageList friendName={friendName} />;
  }
}

function Loading() {
  return (
    <div className="flex h-full items-center justify-center gap-3 text-slate-500">
      <Spinner className="h-5 w-5 text-brand-500" label={strings.chat.loading} />
    </div>
  );
}
