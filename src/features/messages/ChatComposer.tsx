import { useRef, useState, type SyntheticEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { IconButton } from '../../components/IconButton';
import { CameraIcon, SendIcon } from '../../components/icons';
import { MESSAGE_MAX_LENGTH } from '../../lib/firebase/chat-message';
import { strings } from '../../strings';
import { sendChatMessage } from './chat-thunks';
import { EmojiPicker } from './EmojiPicker';

/**
 * The message field with the emoji palette, the (unsupported) camera and send. Enter sends;
 * the field empties at once and gets its text back if the send fails.
 */
export function ChatComposer({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const canSend = !disabled && text.trim().length > 0;

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const sent = text;
    setText('');
    const result = await dispatch(sendChatMessage(sent));
    if (sendChatMessage.rejected.match(result)) setText((typed) => typed || sent);
  };

  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, MESSAGE_MAX_LENGTH);
    setText(next);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      onSubmit={(event) => void send(event)}
      className="flex items-center gap-3 border-t border-slate-100 px-5 py-4"
    >
      <div className="flex min-w-0 flex-1 items-center gap-1 rounded-full bg-slate-100 py-1 pl-5 pr-1.5 focus-within:ring-4 focus-within:ring-brand-100">
        <input
          ref={input}
          type="text"
          aria-label={strings.chat.inputLabel}
          placeholder={strings.chat.inputPlaceholder}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1 bg-transparent py-2 text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed"
        />
        <EmojiPicker onPick={insertEmoji} disabled={disabled} />
        {/* Image messages are not in the data model yet; the wrapper keeps the tooltip. */}
        <span title={strings.chat.cameraUnsupported} className="inline-flex">
          <IconButton label={strings.chat.cameraUnsupported} icon={<CameraIcon />} disabled />
        </span>
      </div>
      <IconButton
        type="submit"
        tone="brand"
        label={strings.chat.send}
        icon={<SendIcon className="h-5 w-5 -translate-x-px translate-y-px" />}
        disabled={!canSend}
        className="h-11 w-11"
      />
    </form>
  );
}
