import {
  type ClipboardEvent,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { IconButton } from '../../../components/IconButton';
import { CheckIcon, SendIcon } from '../../../components/icons';
import { conversationsStrings } from '../conversations-strings';
import { sendMessage } from '../sending';
import { editMessage } from '../message-actions';
import { selectReplyingTo } from '../timeline';
import { composeEnded, composeStarted } from '../timeline';
import { ComposerModeBar } from './ComposerModeBar';
import { ComposerStatus } from './ComposerStatus';
import { useComposerMode } from './use-composer-mode';
import { useDraft } from './use-draft';
import { useFitHeight } from './use-fit-height';
import { useMentionPicker } from './use-mention-picker';
import { EmojiPicker } from './EmojiPicker';
import { firstImageFile, useImageSending } from '../images';
import { useComposerDrop } from './use-composer-drop';
import { DropZone, isPhotoFile, useFileSending, VoiceRecorder } from '../files';
import { ComposerAttachments } from './ComposerAttachments';
import { checkLength } from './message-limit';
import { MentionList } from './MentionList';
import { mentionOptionId, mentionsInText, type Mentionable } from './mention-picker';

/**
 * The message field with the emoji palette, the photo, file and voice buttons, and send. Enter sends,
 * Shift+Enter starts a new line; the field empties at once and gets its text back if the
 * send fails. The text lives here, so typing re-renders the composer only. A text over the
 * limit is never cut: the send is blocked and the field says by how much it is over.
 */
export function Composer({
  disabled,
  mentionable,
}: {
  disabled: boolean;
  /** A group's people I may mention ('@' lists them); absent in a 1:1 chat. */
  mentionable?: readonly Mentionable[];
}) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionPicker(text, input, mentionable);
  const { composing, editing } = useComposerMode(text, setText, input);
  // The reply stays in the draft while its original is still being read.
  useDraft(text, setText, useAppSelector(selectReplyingTo), !!editing);
  const length = checkLength(text);
  const canSend = !disabled && length.length > 0 && length.over === 0;
  // The typed text goes with a photo as its caption (when it fits the limit), the quote too.
  const images = useImageSending(disabled, () => {
    const replyTo = composing?.kind === 'reply' ? composing.message.id : undefined;
    if (replyTo) dispatch(composeEnded());
    if (length.over > 0) return { caption: '', replyTo };
    setText('');
    return { caption: text, replyTo };
  });

  // Files other than photos (and voice messages) quote the reply too; the typed text stays.
  const files = useFileSending(disabled, () => {
    const replyTo = composing?.kind === 'reply' ? composing.message.id : undefined;
    if (replyTo) dispatch(composeEnded());
    return replyTo;
  });
  const [recording, setRecording] = useState(false);
  /** A photo goes the photo path (compressed, shown inline); anything else as a file. */
  const sendAny = (file: File) => {
    files.clearProblem();
    if (isPhotoFile(file)) images.send(file);
    else files.sendFile(file);
  };

  const closeRecorder = () => {
    setRecording(false);
    // Back to the microphone, once it shows again.
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[data-voice-record]')?.focus(),
    );
  };

  const form = useRef<HTMLFormElement>(null);
  const dropBox = useComposerDrop(form, disabled, images, sendAny);

  useFitHeight(input, text);

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const sent = text;
    if (editing) {
      // The draft typed before the edit comes back; a refused edit's text stays in the field.
      dispatch(composeEnded());
      if (sent.trim() === editing.text.trim()) return;
      const result = await dispatch(editMessage({ id: editing.id, text: sent }));
      if (editMessage.rejected.match(result)) setText((typed) => typed || sent);
      return;
    }
    const replyTo = composing?.kind === 'reply' ? composing.message.id : undefined;
    const mentions = mentionsInText(sent, mention.picked, mentionable ?? []);
    setText('');
    mention.reset();
    if (replyTo) dispatch(composeEnded());
    const extras = {
      ...(replyTo ? { replyTo } : {}),
      ...(mentions.length > 0 ? { mentions } : {}),
    };
    const result = await dispatch(
      sendMessage(Object.keys(extras).length > 0 ? { text: sent, ...extras } : sent),
    );
    if (!sendMessage.rejected.match(result)) return;
    setText((typed) => typed || sent);
    if (replyTo) dispatch(composeStarted({ kind: 'reply', messageId: replyTo }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event, setText)) return;
    if (event.key === 'Escape' && composing) {
      event.preventDefault();
      dispatch(composeEnded());
      return;
    }
    // Shift+Enter is a new line; Enter while an input method composes a word is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    void send(event);
  };

  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };
  return (
    <form
      ref={form}
      onSubmit={(event) => void send(event)}
      className={`relative border-t border-slate-100 px-5 py-4 ${images.dragging ? 'bg-brand-50' : ''}`}
    >
      {composing ? (
        <ComposerModeBar
          kind={composing.kind}
          message={composing.message}
          onCancel={() => {
            dispatch(composeEnded());
            input.current?.focus();
          }}
        />
      ) : null}
      {mention.open ? (
        <MentionList
          id={mention.listId}
          people={mention.matches}
          active={mention.active}
          onHover={mention.setActive}
          onPick={(person) => mention.pick(person, setText)}
        />
      ) : null}
      {recording ? (
        <div className="flex items-end gap-3">
          <VoiceRecorder
            onClose={closeRecorder}
            onSend={(voice) => {
              closeRecorder();
              files.send({ ...voice, name: 'voice', kind: 'voice' });
            }}
          />
        </div>
      ) : null}
      <div className={`flex items-end gap-3 ${recording ? 'hidden' : ''}`}>
        <div className="flex min-w-0 flex-1 items-end gap-1 rounded-3xl bg-slate-100 py-1 pl-5 pr-1.5 focus-within:ring-4 focus-within:ring-brand-100">
          <textarea
            ref={input}
            rows={1}
            aria-label={conversationsStrings.chat.inputLabel}
            aria-invalid={length.over > 0}
            aria-describedby={length.showCounter ? 'chat-composer-length' : undefined}
            // A textarea takes no combobox role (and so no aria-expanded): the list it controls
            // and its active option are told by aria-controls and aria-activedescendant.
            aria-autocomplete={mentionable ? 'list' : undefined}
            aria-controls={mention.open ? mention.listId : undefined}
            aria-activedescendant={
              mention.open ? mentionOptionId(mention.listId, mention.active) : undefined
            }
            title={conversationsStrings.chatReading.newLineHint}
            placeholder={conversationsStrings.chat.inputPlaceholder}
            value={text}
            disabled={disabled}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              mention.onCaret(event.target.selectionStart);
            }}
            onSelect={(event) => mention.onCaret(event.currentTarget.selectionStart)}
            onBlur={mention.close}
            onKeyDown={onKeyDown}
            onPaste={(event: ClipboardEvent<HTMLTextAreaElement>) => {
              const file = firstImageFile(event.clipboardData);
              if (!file) return;
              event.preventDefault();
              sendAny(file);
            }}
            className="field-sizing-content max-h-32 min-w-0 flex-1 resize-none self-center bg-transparent py-2 leading-6 text-slate-900 placeholder:text-slate-400 focus:outline-hidden disabled:cursor-not-allowed"
          />
          <EmojiPicker onPick={insertEmoji} disabled={disabled} />
          <ComposerAttachments
            disabled={disabled}
            onImageChosen={images.onFileChosen}
            onFile={sendAny}
            onRecord={() => {
              files.clearProblem();
              setRecording(true);
            }}
          />
        </div>
        <IconButton
          type="submit"
          tone="brand"
          label={
            editing ? conversationsStrings.messageActions.save : conversationsStrings.chat.send
          }
          icon={
            editing ? (
              <CheckIcon className="h-5 w-5" />
            ) : (
              <SendIcon className="h-5 w-5 -translate-x-px translate-y-px" />
            )
          }
          disabled={!canSend}
          className="shrink-0"
        />
      </div>
      {images.dragging && dropBox ? <DropZone box={dropBox} /> : null}
      <ComposerStatus
        preparing={images.preparing}
        problem={files.problem ?? images.problem}
        length={length}
      />
    </form>
  );
}
