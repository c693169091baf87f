import { useLayoutEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { ChatBubbleIcon } from '../../components/icons';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import type { ChatMessage } from '../../lib/firebase/chat-message';
import { strings } from '../../strings';
import { selectMyUid } from '../friends';
import { selectChatMessages, selectHasOlder } from './chat-selectors';
import { olderRequested } from './chat-slice';
import { formatMessageTime } from './message-time';

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 64;

/**
 * The loaded messages, oldest at the top. New messages scroll into view when I am at the
 * bottom (or sent them); loading older ones keeps what I am reading in place.
 */
export function MessageList({ friendName }: { friendName: string }) {
  const dispatch = useAppDispatch();
  const messages = useAppSelector(selectChatMessages);
  const me = useAppSelector(selectMyUid);
  const hasOlder = useAppSelector(selectHasOlder);
  const loadingOlder = useAppSelector((state) => state.chat.loadingOlder);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef({ oldest: '', height: 0 });

  const newest = messages.at(-1);
  const oldestId = messages.at(0)?.id ?? '';
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const grewAtTop = seen.current.oldest !== '' && seen.current.oldest !== oldestId;
    if (atBottom.current || newest?.messagesenderId === me) el.scrollTop = el.scrollHeight;
    else if (grewAtTop) el.scrollTop += el.scrollHeight - seen.current.height;
    seen.current = { oldest: oldestId, height: el.scrollHeight };
  }, [newest?.id, newest?.messagesenderId, oldestId, me]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
  };

  if (messages.length === 0) {
    return <EmptyState icon={<ChatBubbleIcon />} message={strings.chat.sayHello(friendName)} />;
  }
  return (
    <div ref={scroller} onScroll={onScroll} className="h-full overflow-y-auto px-5 py-4">
      <div className="flex min-h-full flex-col justify-end">
        {hasOlder ? (
          <LoadMoreButton
            label={strings.chat.loadOlder}
            loading={loadingOlder}
            onClick={() => dispatch(olderRequested())}
          />
        ) : null}
        <ol aria-label={strings.chat.conversationWith(friendName)} className="space-y-2">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.messagesenderId === me}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}

function MessageBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[75%] rounded-2xl px-4 py-2 shadow-sm ${
          mine
            ? 'rounded-br-md bg-brand-500 text-white'
            : 'rounded-bl-md bg-slate-100 text-slate-900'
        }`}
      >
        <p className="whitespace-pre-wrap break-words">{message.message}</p>
        <time
          dateTime={new Date(message.createdAt).toISOString()}
          className={`mt-0.5 block text-right text-[11px] ${mine ? 'text-brand-100' : 'text-slate-500'}`}
        >
          {formatMessageTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}
