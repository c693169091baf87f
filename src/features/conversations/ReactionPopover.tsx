import { lazy, Suspense, useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { conversationsStrings } from './conversations-strings';

const EmojiPanel = lazy(() => import('./emoji-panel'));

export interface ReactionPopoverProps {
  /** The message to react to. */
  message: ChatMessage;
  /** The 'React' button it opened from (the focus goes back there on close). */
  anchor: HTMLElement;
  onClose: () => void;
}

/**
 * PLACEHOLDER for the reactions work (issue 25 item 3, the `reply-react` branch replaces this
 * file): the toolbar's 'React' opens it with the message and its button. Until then it shows
 * the emoji picker beside the button and a pick only closes it; no reaction is written.
 */
export function ReactionPopover({ anchor, onClose }: ReactionPopoverProps) {
  const box = useRef<HTMLDivElement>(null);
  const done = () => {
    onClose();
    anchor.focus();
  };
  const close = useEffectEvent(done);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
  const rect = anchor.getBoundingClientRect();
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-label={conversationsStrings.messageActions.react}
      style={{ left: Math.max(8, Math.min(rect.left, window.innerWidth - 328)), bottom: 8 }}
      className="fixed z-40"
    >
      <Suspense fallback={null}>
        <EmojiPanel open onPick={done} />
      </Suspense>
    </div>,
    document.body,
  );
}
