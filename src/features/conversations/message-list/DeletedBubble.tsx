import { memo, type ReactNode } from 'react';
import { conversationsStrings } from '../conversations-strings';
import { messageBodyId } from '../message';
import { formatMessageTime } from '../message';

/**
 * What is left of a message deleted for everyone: its place and time (on the last of a run),
 * nothing of its text, photo, quote or reactions; `children`, what the reader found wrong with
 * the deletion (message-alerts.tsx).
 */
export const DeletedBubble = memo(function DeletedBubble({
  id,
  createdAt,
  groupEnd,
  children,
}: {
  /** The message's id: its placeholder is part of its name in the list. */
  id: string;
  createdAt: number;
  groupEnd: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="max-w-[75%] rounded-2xl border border-dashed border-slate-300 px-4 py-2 text-sm italic text-slate-500">
      {children}
      <p id={messageBodyId(id)} data-message-body>
        {conversationsStrings.messageActions.deleted}
      </p>
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
