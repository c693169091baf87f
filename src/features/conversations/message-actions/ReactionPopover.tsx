import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMyUid } from '../../friends';
import { toggleReaction } from './conversations-reactions-thunks';
import { conversationsStrings } from '../conversations-strings';
import { QUICK_REACTIONS } from './message-actions';

/** The full picker (the composer's, emoji-panel.tsx): the same lazy chunk, built on '+'. */
// eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
const EmojiPanel = lazy(() => import('../composer/emoji-panel'));

const strings = conversationsStrings.reactions;
const GAP = 8;

interface Props {
  message: ConversationMessage;
  /** The 'React' button that opened it: the popover sits by it and gives the focus back. */
  anchor: HTMLElement;
  onClose: () => void;
}

/**
 * Six quick reactions and '+' for the full emoji picker, by a message's 'React' button. A pick
 * toggles my reaction (one per emoji; several emoji allowed) and closes it; Escape or a click
 * elsewhere closes it too. Arrow keys move between the emoji.
 */
export function ReactionPopover({ message, anchor, onClose }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMyUid);
  const [full, setFull] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  const done = (refocus: boolean) => {
    close.current();
    if (refocus && anchor.isConnected) anchor.focus();
  };
  const pick = (emoji: string) => {
    void dispatch(toggleReaction({ messageId: message.id, emoji }));
    done(true);
  };

  // Above the message when it fits, else below; always inside the window.
  useLayoutEffect(() => {
    const place = () => {
      const button = anchor.getBoundingClientRect();
      const size = box.current?.getBoundingClientRect();
      const width = size?.width ?? 0;
      const height = size?.height ?? 0;
      const left = Math.min(
        Math.max(GAP, button.left + button.width / 2 - width / 2),
        Math.max(GAP, window.innerWidth - width - GAP),
      );
      // Above the whole message, so the row never hides the words being reacted to.
      const row = anchor.closest('[data-message-id]')?.getBoundingClientRect() ?? button;
      const above = Math.min(button.top, row.top) - height - GAP;
      const below = Math.min(
        Math.max(button.bottom, row.bottom) + GAP,
        window.innerHeight - height - GAP,
      );
      setAt({ left, top: above >= GAP ? above : Math.max(GAP, below) });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor, full]);

  // Once placed: while hidden (unplaced) its buttons cannot take the focus.
  const placed = at !== null;
  useEffect(() => {
    if (!full && placed) box.current?.querySelector('button')?.focus();
  }, [full, placed]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close.current();
      if (anchor.isConnected) anchor.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!box.current?.contains(target) && !anchor.contains(target)) close.current();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [anchor]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const last = buttons.length - 1;
    const now = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next: Partial<Record<string, number>> = {
      ArrowRight: Math.min(now + 1, last),
      ArrowLeft: Math.max(now - 1, 0),
      Home: 0,
      End: last,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons[to].focus();
  };

  const mine = (emoji: string) => message.reactions?.[emoji]?.[me] !== undefined;
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-label={strings.popover}
      style={at ?? { left: 0, top: 0, visibility: 'hidden' }}
      className="fixed z-40"
    >
      {full ? (
        <Suspense
          fallback={
            <div className="h-[380px] w-[320px] max-w-[calc(100vw-2rem)] rounded-2xl bg-white shadow-lg ring-1 ring-slate-200" />
          }
        >
          <EmojiPanel open onPick={pick} />
        </Suspense>
      ) : (
        <div
          role="toolbar"
          aria-label={strings.popover}
          onKeyDown={moveFocus}
          className="flex items-center gap-0.5 rounded-full bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={strings.reactWith(emoji)}
              aria-pressed={mine(emoji)}
              onClick={() => pick(emoji)}
              className={`flex size-10 items-center justify-center rounded-full text-2xl leading-none transition-transform hover:scale-110 hover:bg-slate-100 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-300 ${
                mine(emoji) ? 'bg-brand-50 ring-1 ring-brand-200' : ''
              }`}
            >
              <span aria-hidden>{emoji}</span>
            </button>
          ))}
          <button
            type="button"
            aria-label={strings.more}
            onClick={() => setFull(true)}
            className="ml-0.5 flex size-10 items-center justify-center rounded-full bg-slate-100 text-xl font-semibold text-slate-600 hover:bg-slate-200 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-300"
          >
            <span aria-hidden>+</span>
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
