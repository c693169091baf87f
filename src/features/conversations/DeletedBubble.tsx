import { memo } from 'react';
import { conversationsStrings } from './conversations-strings';
import { formatMessageTime } from './message-time';

/**
 * What is left of a message deleted for everyone: its place and time (on the last of a run),
 * nothing of its text, photo, quote or reactions.
 */
export const DeletedBubble = memo(function DeletedBubble({
  createdAt,
  groupEnd,
}: {
  createdAt: number;
  groupEnd: boolean;
}) {
  return (
    <div className="max-w-[75%] rounded-2xl border border-dashed border-slate-300 px-4 py-2 text-sm italic text-slate-500">
      <p>{conversationsStrings.messageActions.deleted}</p>
      {groupEnd ? (
        <time
          dateTime={new Date(createdAt).toISOString()}
          className="mt-0.5 block text-right text-[11px] not-italic"
        >
          {formatMessageTime(createdAt)}
        </time>
      ) : null}
    </div>
  );
});
