import { memo, useState, type ReactNode } from 'react';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { PersonAvatar, PersonName } from '../../profiles';
import { messageBodyId, useControlTabIndex } from '../message';

/**
 * Someone else's message in a group: their avatar and current name on the first message of a
 * run (later ones keep the indent), and a blocked person's message collapsed until I ask to
 * see it, on my screen only.
 */
export const GroupMessageRow = memo(function GroupMessageRow({
  message,
  groupStart,
  blocked,
  children,
}: {
  message: ConversationMessage;
  groupStart: boolean;
  blocked: boolean;
  children: ReactNode;
}) {
  const [revealed, setRevealed] = useState(false);
  const tabIndex = useControlTabIndex();
  if (blocked && !revealed) {
    return (
      <div className="ml-10 flex items-center gap-2 rounded-2xl border border-dashed border-slate-200 px-4 py-2 text-sm text-slate-600">
        <span id={messageBodyId(message.id)} data-message-body>
          {conversationsStrings.groupChat.blockedMessage}
        </span>
        <button
          type="button"
          tabIndex={tabIndex}
          onClick={() => setRevealed(true)}
          className="font-semibold text-brand-700 hover:underline focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-200"
        >
          {conversationsStrings.groupChat.show}
        </button>
      </div>
    );
  }
  const sender = message.senderId;
  return (
    <div className="flex max-w-[80%] min-w-0 items-start gap-2">
      <span className="w-8 shrink-0">
        {groupStart ? <PersonAvatar uid={sender} name={message.senderName} size="sm" /> : null}
      </span>
      <div className="flex min-w-0 flex-col items-start *:max-w-full">
        {groupStart ? (
          <PersonName
            uid={sender}
            fallback={message.senderName}
            className="mb-0.5 px-1 text-xs font-semibold text-slate-700"
          />
        ) : null}
        {children}
      </div>
    </div>
  );
});
