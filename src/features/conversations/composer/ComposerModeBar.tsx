import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppSelector } from '../../../store/hooks';
import { IconButton } from '../../../components/IconButton';
import { CloseIcon } from '../../../components/icons';
import { selectMyUid } from '../../friends';
import { useDisplayName } from '../../profiles';
import { conversationsStrings } from '../conversations-strings';
import { PencilIcon, ReplyIcon } from '../message-actions';
import { firstLine } from '../quotes';

const strings = conversationsStrings.messageActions;

/**
 * Above the message field while it replies to a message ('Replying to Bob' and its first line,
 * 'Cancel reply') or edits one of mine ('Editing', 'Cancel editing'). Escape in the field
 * cancels too (Composer).
 */
export function ComposerModeBar({
  kind,
  message,
  onCancel,
}: {
  kind: 'reply' | 'edit';
  message: ConversationMessage;
  onCancel: () => void;
}) {
  const me = useAppSelector(selectMyUid);
  const author = useDisplayName(message.senderId, message.senderName);
  const reply = kind === 'reply';
  const title = reply
    ? strings.replyingTo(message.senderId === me ? strings.you : author)
    : strings.editing;
  return (
    <div
      role="status"
      className="mb-2 flex items-center gap-3 rounded-xl border-l-4 border-brand-500 bg-brand-50 py-1.5 pl-3 pr-1"
    >
      <span className="text-brand-600" aria-hidden>
        {reply ? <ReplyIcon /> : <PencilIcon />}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-brand-700">{title}</p>
        <p className="truncate text-slate-600">{firstLine(message)}</p>
      </div>
      <IconButton
        label={reply ? strings.cancelReply : strings.cancelEdit}
        icon={<CloseIcon className="h-4 w-4" />}
        onClick={onCancel}
        className="h-8 w-8 shrink-0"
      />
    </div>
  );
}
