import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { IconButton } from '../../components/IconButton';
import { SendIcon } from '../../components/icons';
import { MESSAGE_MAX_LENGTH } from '../../lib/firebase/chat-message';
import { strings } from '../../strings';
import { sendGroupMessage } from './group-thunks';

/**
 * The group's message field: Enter sends, Shift+Enter starts a new line; the field empties at
 * once and gets its text back if the send fails (the toast says why). Over the limit, the
 * send is blocked and the field says so, never cutting the text.
 */
export function GroupComposer({ groupId, disabled }: { groupId: string; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const over = text.length - MESSAGE_MAX_LENGTH;
  const canSend = !disabled && trimmed.length > 0 && over <= 0;

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const sent = text;
    setText('');
    const result = await dispatch(sendGroupMessage({ groupId, text: sent }));
    if (sendGroupMessage.rejected.match(result)) setText((typed) => typed || sent);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    void send(event);
  };

  return (
    <form onSubmit={(event) => void send(event)} className="border-t border-slate-100 px-5 py-4">
      <div className="flex items-end gap-3">
        <textarea
          rows={1}
          aria-label={strings.chat.inputLabel}
          aria-invalid={over > 0}
          placeholder={strings.chat.inputPlaceholder}
          value={text}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-32 min-w-0 flex-1 resize-none rounded-3xl bg-slate-100 px-5 py-3 leading-6 text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:cursor-not-allowed"
        />
        <IconButton
          type="submit"
          tone="brand"
          label={strings.chat.send}
          icon={<SendIcon className="h-5 w-5 -translate-x-px translate-y-px" />}
          disabled={!canSend}
          className="h-11 w-11 shrink-0"
        />
      </div>
      {over > 0 ? (
        <p role="alert" className="mt-1.5 pr-14 text-right text-xs font-medium text-red-600">
          {strings.chatReading.overLimit(over, MESSAGE_MAX_LENGTH)}
        </p>
      ) : null}
    </form>
  );
}
