import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { conversationsStrings } from '../conversations-strings';
import { selectFailedInOpenConversation } from '../receipts';
import { failedDismissed, type OutgoingMessage } from '../sending';

/**
 * My messages the server refused in this conversation, under the list: each with Retry (sends
 * the message again through `onRetry`, under its own id so it is never stored twice) and Delete.
 */
export function FailedMessages({ onRetry }: { onRetry: (message: OutgoingMessage) => void }) {
  const dispatch = useAppDispatch();
  const failed = useAppSelector(selectFailedInOpenConversation);
  if (failed.length === 0) return null;
  return (
    <ul aria-label={conversationsStrings.inbox.failedList} className="space-y-1 px-5 pb-2">
      {failed.map((m, i) => (
        <li key={`${m.id}:${String(i)}`} className="flex flex-col items-end gap-1">
          <p className="max-w-[75%] whitespace-pre-wrap wrap-break-word rounded-2xl bg-red-50 px-4 py-2 text-slate-900 ring-1 ring-red-200">
            {m.text}
          </p>
          <p className="flex items-center gap-3 text-xs">
            <span className="font-medium text-red-600">{conversationsStrings.inbox.failed}</span>
            <button
              type="button"
              className="font-semibold text-brand-600 hover:underline"
              onClick={() => {
                dispatch(failedDismissed(m.id));
                onRetry(m);
              }}
            >
              {conversationsStrings.inbox.retry}
            </button>
            <button
              type="button"
              className="font-semibold text-slate-500 hover:underline"
              onClick={() => dispatch(failedDismissed(m.id))}
            >
              {conversationsStrings.inbox.delete}
            </button>
          </p>
        </li>
      ))}
    </ul>
  );
}
