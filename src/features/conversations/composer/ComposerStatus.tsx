import { MESSAGE_MAX_LENGTH } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import type { checkLength } from './message-limit';

/** The lines under the field: a photo being prepared, a photo refused, the length counter. */
export function ComposerStatus({
  preparing,
  problem,
  length,
}: {
  preparing: boolean;
  problem: string | null;
  length: ReturnType<typeof checkLength>;
}) {
  return (
    <>
      {preparing ? (
        <p role="status" className="mt-1.5 text-xs text-slate-500">
          {conversationsStrings.chatImages.preparing}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {problem}
        </p>
      ) : null}
      {length.showCounter ? (
        <p
          id="chat-composer-length"
          role={length.over > 0 ? 'alert' : undefined}
          className={`mt-1.5 flex justify-end gap-3 pr-14 text-xs ${length.over > 0 ? 'font-medium text-red-600' : 'text-slate-500'}`}
        >
          {length.over > 0 ? (
            <span>
              {conversationsStrings.chatReading.overLimit(length.over, MESSAGE_MAX_LENGTH)}
            </span>
          ) : null}
          <span>{conversationsStrings.chatReading.counter(length.length, MESSAGE_MAX_LENGTH)}</span>
        </p>
      ) : null}
    </>
  );
}
