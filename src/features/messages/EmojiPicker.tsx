import { useEffect, useRef, useState } from 'react';
import { IconButton } from '../../components/IconButton';
import { SmileIcon } from '../../components/icons';
import { strings } from '../../strings';

/** A small built-in palette: enough for a chat, without an emoji library. */
// prettier-ignore
export const EMOJIS = [
  '😀', '😂', '😊', '😍', '😘', '😎', '🤔', '😅',
  '😢', '😮', '😡', '🥳', '👍', '👎', '👏', '🙏',
  '👋', '💪', '❤️', '💔', '🔥', '🎉', '✨', '⭐',
  '☕', '🍕', '🎂', '⚽', '🎵', '📷', '✅', '❌',
] as const;

interface Props {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/** The emoji icon and its popover; a pick, Escape or a click elsewhere closes it. */
export function EmojiPicker({ onPick, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div ref={box} className="relative">
      <IconButton
        label={strings.chat.emoji}
        icon={<SmileIcon />}
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      />
      {open && !disabled ? (
        <div
          role="group"
          aria-label={strings.chat.emojiPalette}
          className="absolute bottom-full right-0 z-10 mb-2 grid w-72 grid-cols-8 gap-1 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setOpen(false);
              }}
              className="flex h-8 w-8 items-center justify-center rounded-lg text-lg hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
            >
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
