import { memo } from 'react';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { conversationsStrings } from './conversations-strings';
import { MessageStatus } from './MessageStatus';
import { ImageMessageBody } from './image-message-body';
import { formatMessageTime } from './message-time';
import { MessageText } from './MessageText';
import { MessageQuote } from './message-quote';
import { ReactionChips } from './reaction-chips';
import { useAppSelector } from '../../store/hooks';

/**
 * One message bubble. Memoised on stable props (the message object keeps its reference in
 * the store until it changes), so a new message re-renders only the rows it affects.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  groupEnd,
}: {
  message: ChatMessage;
  mine: boolean;
  groupEnd: boolean;
}) {
  const time = formatMessageTime(message.createdAt);
  const corner = groupEnd ? (mine ? 'rounded-br-md' : 'rounded-bl-md') : '';
  // Shown by a click on a quote of it, for a moment.
  const highlighted = useAppSelector(
    (state) => state.conversationQuotes.highlighted === message.id,
  );
  const ring = highlighted ? 'ring-4 ring-amber-300' : '';
  if (message.deleted)
    return <DeletedBubble time={groupEnd ? time : null} highlighted={highlighted} />;
  const edited = message.editedAt ? (
    <span className={mine ? 'text-brand-100' : 'text-slate-600'}>
      {conversationsStrings.messageActions.edited}
    </span>
  ) : null;
  const reactions = message.reactions ? <ReactionChips message={message} mine={mine} /> : null;
  const bubble = (
    <div
      title={groupEnd ? undefined : time}
      data-highlighted={highlighted || undefined}
      className={`${reactions ? 'max-w-full' : 'max-w-[75%]'} rounded-2xl px-4 py-2 shadow-xs transition-shadow duration-500 ${ring} ${corner} ${
        mine ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-900'
      }`}
    >
      {message.replyTo ? <MessageQuote id={message.replyTo} mine={mine} /> : null}
      {message.image ? (
        <ImageMessageBody image={message.image} mine={mine} />
      ) : (
        <MessageText text={message.message} mine={mine} />
      )}
      {groupEnd ? (
        <span
          className={`mt-0.5 flex items-center justify-end gap-1.5 text-[11px] ${mine ? 'text-brand-100' : 'text-slate-600'}`}
        >
          {edited}
          <time dateTime={new Date(message.createdAt).toISOString()}>{time}</time>
          {mine ? <MessageStatus message={message} /> : null}
        </span>
      ) : (
        <>
          {edited ? <span className="mt-0.5 flex justify-end text-[11px]">{edited}</span> : null}
          {mine ? <MessageStatus message={message} standalone /> : null}
        </>
      )}
    </div>
  );
  if (!reactions) return bubble;
  // The chips under the bubble, overlapping its edge a little, on the bubble's side.
  return (
    <div className={`flex max-w-[75%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
      {bubble}
      {reactions}
    </div>
  );
});

/** What is left of a message deleted for everyone: its place, its time, nothing of it. */
function DeletedBubble({ time, highlighted }: { time: string | null; highlighted: boolean }) {
  return (
    <div
      data-highlighted={highlighted || undefined}
      className={`max-w-[75%] rounded-2xl border border-dashed border-slate-300 px-4 py-2 text-sm italic text-slate-500 ${highlighted ? 'ring-4 ring-amber-300' : ''}`}
    >
      <p>{conversationsStrings.messageActions.deleted}</p>
      {time ? <span className="mt-0.5 block text-right text-[11px] not-italic">{time}</span> : null}
    </div>
  );
}

/** 'Today', 'Yesterday', a weekday or a date, centred between two days' messages. */
export const DaySeparator = memo(function DaySeparator({ label }: { label: string }) {
  return (
    <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">
      {label}
    </span>
  );
});

/** Where the messages I have not seen yet begin. */
export function UnreadDivider() {
  return (
    <span className="flex w-full items-center gap-3 text-xs font-semibold uppercase tracking-wide text-brand-600">
      <span aria-hidden className="h-px flex-1 bg-brand-200" />
      {conversationsStrings.chatReading.newMessages}
      <span aria-hidden className="h-px flex-1 bg-brand-200" />
    </span>
  );
}
