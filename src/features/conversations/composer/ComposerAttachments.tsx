import { useRef, type ChangeEvent } from 'react';
import { IconButton } from '../../../components/IconButton';
import { CameraIcon } from '../../../components/icons';
import { conversationsStrings } from '../conversations-strings';
import { filesStrings, MicIcon, PaperclipIcon } from '../files';

/**
 * The composer's photo, file and voice buttons. The hidden file inputs live beside their
 * buttons; the same file can be chosen again after a refusal.
 */
export function ComposerAttachments({
  disabled,
  onImageChosen,
  onFile,
  onRecord,
}: {
  disabled: boolean;
  onImageChosen: (event: ChangeEvent<HTMLInputElement>) => void;
  onFile: (file: File) => void;
  onRecord: () => void;
}) {
  const imageInput = useRef<HTMLInputElement>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  return (
    <>
      {/* On a phone the paperclip takes photos too (they still go the photo path). */}
      <IconButton
        label={conversationsStrings.chatImages.attach}
        icon={<CameraIcon />}
        className="max-sm:hidden"
        disabled={disabled}
        onClick={() => imageInput.current?.click()}
      />
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="chat-image-input"
        onChange={onImageChosen}
      />
      <IconButton
        label={filesStrings.attach}
        icon={<PaperclipIcon />}
        disabled={disabled}
        onClick={() => attachInput.current?.click()}
      />
      <input
        ref={attachInput}
        type="file"
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <IconButton
        data-voice-record
        label={filesStrings.voice.record}
        icon={<MicIcon />}
        disabled={disabled}
        onClick={onRecord}
      />
    </>
  );
}
