import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../components/IconButton';
import { SmileIcon } from '../../components/icons';
import { conversationsStrings } from './conversations-strings';

/** The picker's code loads on the first open, never before; its data then comes from IndexedDB. */
const EmojiPanel = lazy(() => import('./emoji-panel'));

interface Props {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/**
 * The emoji icon and its picker; a pick, Escape or a click elsewhere closes it. Escape gives the
 * focus back to the icon (a pick gives it to the message field, ChatComposer).
 */
export function EmojiPicker({ onPick, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      box.current?.querySelector('button')?.focus();
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
    // At phone widths not positioned itself: the picker opens above the whole composer (its
    // form), right-aligned, so it stays on screen instead of hanging left of the icon.
    <div ref={box} className="sm:relative">
      <IconButton
        label={conversationsStrings.chat.emoji}
        icon={<SmileIcon />}
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      />
      {open && !disabled ? (
        <div
          role="dialog"
          aria-label={conversationsStrings.chat.emojiPalette}
          className="absolute bottom-full right-3 z-10 mb-1 sm:right-0 sm:mb-2"
        >
          <Suspense
            fallback={
              <div className="h-[380px] w-[320px] max-w-[calc(100vw-2rem)] rounded-2xl bg-white shadow-lg ring-1 ring-slate-200" />
            }
          >
            <EmojiPanel
              onPick={(emoji) => {
                onPick(emoji);
                setOpen(false);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
