import { memo } from 'react';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { MessageStatus } from './MessageStatus';
import { ImageMessageBody } from '../images';
import { FileMessageBody } from '../files';
import { formatMessageTime } from '../message';
import { MessageText } from '../message';
import { MessageQuote } from '../quotes';
import { messageBodyId } from '../message';
import { ReactionChips } from '../message-actions';
import { NotEncryptedMark, SealedText } from './message-seal-marks';
import {
  alertTone,
  MessageTime,
  NotFromDevices,
  OlderSealMark,
  RolledBack,
} from './message-alerts';
import { useAppSelector } from '../../../store/hooks';
import { selectMyUid } from '../../friends';

/**
 * One message bubble. Memoised on stable props (the message object keeps its reference in
 * the store until it changes), so a new message re-renders only the rows it affects.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  groupEnd,
}: {
  message: ConversationMessage;
  mine: boolean;
  groupEnd: boolean;
}) {
  // A re-dated message shows the time sealed with its words (message-alerts.tsx).
  const time = formatMessageTime(
    message.alert === 'redated' && message.sealedAt !== undefined
      ? message.sealedAt
      : message.createdAt,
  );
  const corner = groupEnd ? (mine ? 'rounded-br-md' : 'rounded-bl-md') : '';
  // Shown by a click on a quote of it, for a moment.
  const highlighted = useAppSelector(
    (state) => state.conversationQuotes.highlighted === message.id,
  );
  // A group message naming me stands out on my screen only (a left accent, a warm tint).
  const mentionsMe = useAppSelector(
    (state) => !mine && (message.mentions?.includes(selectMyUid(state)) ?? false),
  );
  const ring = highlighted ? 'ring-4 ring-amber-300' : '';
  if (message.deleted)
    return (
      <DeletedBubble id={message.id} time={groupEnd ? time : null} highlighted={highlighted} />
    );
  // Words on a message the reader found something wrong with are not drawn as a normal bubble.
  const alerted = message.alert === 'not-encrypted' || message.alert === 'rolled-back';
  const tone = alerted
    ? alertTone
    : mine
      ? 'bg-brand-500 text-white'
      : mentionsMe
        ? 'border-l-4 border-amber-400 bg-amber-50 text-slate-900 ring-1 ring-amber-200'
        : 'bg-slate-100 text-slate-900';
  // On the amber of an alert, the lighter text of my own bubble would not read.
  const light = mine && !alerted;
  const reactions = message.reactions ? <ReactionChips message={message} mine={mine} /> : null;
  const bubble = (
    <div
      title={groupEnd ? undefined : time}
      data-highlighted={highlighted || undefined}
      data-mentions-me={mentionsMe ? 'true' : undefined}
      className={`${reactions ? 'max-w-full' : 'max-w-[75%]'} rounded-2xl px-4 py-2 shadow-xs transition-shadow duration-500 ${ring} ${corner} ${tone}`}
    >
      {mentionsMe ? (
        <span className="sr-only">{conversationsStrings.mentions.mentionsYou}</span>
      ) : null}
      {message.forwarded ? <ForwardedMark mine={light} /> : null}
      {message.replyTo ? <MessageQuote id={message.replyTo} mine={light} /> : null}
      {message.alert === 'rolled-back' ? <RolledBack /> : null}
      <div id={messageBodyId(message.id)} data-message-body>
        {message.sealed === 'no-key' || message.sealed === 'failed' ? (
          <SealedText state={message.sealed} mine={mine} />
        ) : message.alert === 'not-encrypted' ? (
          <NotFromDevices message={message} mine={mine} />
        ) : message.image ? (
          <ImageMessageBody image={message.image} mine={light} />
        ) : message.file ? (
          <FileMessageBody message={message} light={light} mine={mine} />
        ) : (
          <MessageText text={message.text} mine={light} />
        )}
      </div>
      {groupEnd ? (
        <span
          className={`mt-0.5 flex items-center justify-end gap-1.5 text-[11px] ${light ? 'text-brand-100' : 'text-slate-600'}`}
        >
          <NotEncryptedMark message={message} mine={mine} />
          {message.sealVersion === 1 ? <OlderSealMark /> : null}
          {message.editedAt ? <span>{conversationsStrings.messageActions.edited}</span> : null}
          <MessageTime message={message} />
          {mine ? <MessageStatus message={message} /> : null}
        </span>
      ) : (
        <>
          {message.editedAt ? (
            <span
              className={`mt-0.5 flex justify-end text-[11px] ${light ? 'text-brand-100' : 'text-slate-600'}`}
            >
              {conversationsStrings.messageActions.edited}
            </span>
          ) : null}
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

/** Above a forwarded copy's text: it was written elsewhere. */
function ForwardedMark({ mine }: { mine: boolean }) {
  return (
    <span
      className={`mb-0.5 flex items-center gap-1 text-xs italic ${mine ? 'text-brand-100' : 'text-slate-600'}`}
    >
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
        <path d="M11.3 3.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L14.6 10H9a5 5 0 0 0-5 5v1a1 1 0 1 1-2 0v-1a7 7 0 0 1 7-7h5.6l-3.3-3.3a1 1 0 0 1 0-1.4Z" />
      </svg>
      {conversationsStrings.forward.forwarded}
    </span>
  );
}

/** What is left of a message deleted for everyone: its place, its time, nothing of it. */
function DeletedBubble({
  id,
  time,
  highlighted,
}: {
  id: string;
  time: string | null;
  highlighted: boolean;
}) {
  return (
    <div
      data-highlighted={highlighted || undefined}
      className={`max-w-[75%] rounded-2xl border border-dashed border-slate-300 px-4 py-2 text-sm italic text-slate-500 ${highlighted ? 'ring-4 ring-amber-300' : ''}`}
    >
      <p id={messageBodyId(id)} data-message-body>
        {conversationsStrings.messageActions.deleted}
      </p>
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
