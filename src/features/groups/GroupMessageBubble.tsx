import { memo, useState } from 'react';
import type { GroupMessage } from '../../lib/firebase/group-messages';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * One message of a group conversation: others' messages with their avatar and name. A message
 * from someone I blocked is collapsed until I ask to see it.
 */
export const GroupMessageBubble = memo(function GroupMessageBubble({
  message,
  mine,
  blocked,
}: {
  message: GroupMessage;
  mine: boolean;
  blocked: boolean;
}) {
  const [revealed, setRevealed] = useState(false);
  const time = timeFormat.format(message.createdAt);
  if (blocked && !revealed) {
    return (
      <div className="flex items-center gap-2 rounded-2xl border border-dashed border-slate-200 px-4 py-2 text-sm text-slate-500">
        <span>{strings.groupChat.blockedMessage}</span>
        <button
          type="button"
          onClick={() => setRevealed(true)}
          className="font-semibold text-brand-600 hover:underline"
        >
          {strings.groupChat.show}
        </button>
      </div>
    );
  }
  return (
    <div className={`flex max-w-[75%] items-end gap-2 ${mine ? 'flex-row-reverse' : ''}`}>
      {mine ? null : <PersonAvatar uid={message.senderId} name={message.senderName} size="sm" />}
      <div
        className={`rounded-2xl px-4 py-2 shadow-sm ${mine ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-900'}`}
      >
        {mine ? null : <p className="text-xs font-semibold text-brand-700">{message.senderName}</p>}
        <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
          {message.message}
        </p>
        <time
          dateTime={new Date(message.createdAt).toISOString()}
          className={`mt-0.5 block text-right text-[11px] ${mine ? 'text-brand-100' : 'text-slate-500'}`}
        >
          {time}
        </time>
      </div>
    </div>
  );
});
