import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../components/IconButton';
import { SmileIcon } from '../../../components/icons';
import { conversationsStrings } from '../conversations-strings';

/** The picker's code loads when the chat is idle or on the first open; IndexedDB keeps its data. */
const EmojiPanel = lazy(() => import('./emoji-panel'));

/**
 * Runs `task` when the browser is idle; a no-op where there is no requestIdleCallback (Safari,
 * jsdom), where the picker is then only built on its first open.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') return () => {};
  const id = requestIdleCallback(task);
  return () => cancelIdleCallback(id);
}

interface Props {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/**
 * The emoji icon and its picker; a pick, Escape or a click elsewhere closes it. Escape gives the
 * focus back to the icon (a pick gives it to the message field, Composer).
 */
export function EmojiPicker({ onPick, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  // Built once the page is idle (or on the first open), then only hidden when closed: an open
  // at 4x CPU takes ~0.35 s to build the element and draw its emoji, a shown one a frame.
  const [built, setBuilt] = useState(false);
  // A pick changes the frequently used row, which the element reads when it is built.
  const [generation, setGeneration] = useState(0);
  const [stale, setStale] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (disabled ? undefined : whenIdle(() => setBuilt(true))), [disabled]);
  useEffect(() => {
    if (open || !stale) return;
    return whenIdle(() => {
      setStale(false);
      setGeneration((was) => was + 1);
    });
  }, [open, stale]);
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
        onClick={() => {
          setBuilt(true);
          setOpen((was) => !was);
        }}
      />
      {(open || built) && !disabled ? (
        <div
          role="dialog"
          aria-label={conversationsStrings.chat.emojiPalette}
          // Invisible rather than display: none, so that showing it needs no layout of its
          // hundreds of emoji; invisible is also out of the accessibility tree and unclickable.
          style={open ? undefined : { visibility: 'hidden' }}
          className="absolute bottom-full right-3 z-10 mb-1 sm:right-0 sm:mb-2"
        >
          <Suspense
            fallback={
              <div className="h-[380px] w-[320px] max-w-[calc(100vw-2rem)] rounded-2xl bg-white shadow-lg ring-1 ring-slate-200" />
            }
          >
            <EmojiPanel
              key={generation}
              open={open}
              onPick={(emoji) => {
                onPick(emoji);
                setOpen(false);
                setStale(true);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
