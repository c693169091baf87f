import {
  useContext,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import {
  MessageActionsContext,
  OpenActionsContext,
  type MenuPlace,
} from './message-actions-context';
import { MessageToolbar } from './MessageToolbar';

/** A touch held this long (ms) opens the menu, as a right-click does. */
export const LONG_PRESS_MS = 500;
/** A finger moving further than this (px) is scrolling, not a long press. */
const PRESS_SLOP = 10;

/** Under the bubble, on its side of the list: where a menu opened without a pointer goes. */
function placeBelow(row: HTMLElement, mine: boolean): MenuPlace {
  const bubble = (row.firstElementChild ?? row).getBoundingClientRect();
  return {
    x: mine ? bubble.right : bubble.left,
    y: bubble.bottom + 4,
    align: mine ? 'end' : 'start',
    above: bubble.top,
  };
}

/**
 * A message in the list with its actions: hovering or focusing it shows the toolbar
 * ('React', 'Reply', 'More actions'); a right-click, a long press, Enter (or the menu key)
 * on the focused message open the menu. The row is focusable (-1: the list's arrow keys move
 * between rows, see MessageList) and carries `data-message-id` for that.
 */
export function MessageActionsRow({
  message,
  mine,
  children,
}: {
  message: ChatMessage;
  mine: boolean;
  children: ReactNode;
}) {
  const handlers = useContext(MessageActionsContext);
  const openFor = useContext(OpenActionsContext);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  const press = useRef<{ x: number; y: number; timer: number } | null>(null);
  useEffect(() => () => window.clearTimeout(press.current?.timer), []);
  if (!handlers) return children;

  const openMenu = (returnTo: HTMLElement, place: MenuPlace) =>
    handlers.openMenu(message, returnTo, place);
  const endPress = () => {
    window.clearTimeout(press.current?.timer);
    press.current = null;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') return;
    endPress();
    const { clientX: x, clientY: y } = event;
    const timer = window.setTimeout(() => {
      press.current = null;
      if (row.current) openMenu(row.current, { x, y, align: 'start' });
    }, LONG_PRESS_MS);
    press.current = { x, y, timer };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > PRESS_SLOP)
      endPress();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const menuKey =
      event.key === 'Enter' ||
      event.key === 'ContextMenu' ||
      (event.shiftKey && event.key === 'F10');
    if (!menuKey) return;
    event.preventDefault();
    openMenu(event.currentTarget, placeBelow(event.currentTarget, mine));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const open = openFor === message.id;
  return (
    <div
      ref={row}
      tabIndex={-1}
      data-message-id={message.id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onContextMenu={(event) => {
        event.preventDefault();
        endPress();
        openMenu(event.currentTarget, { x: event.clientX, y: event.clientY, align: 'start' });
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endPress}
      onPointerCancel={endPress}
      onKeyDown={onKeyDown}
      className={`flex w-full min-w-0 items-start gap-1.5 [-webkit-touch-callout:none] focus:outline-hidden [&:focus-visible>:first-child]:ring-2 [&:focus-visible>:first-child]:ring-brand-300 [&:focus-visible>:first-child]:ring-offset-2 ${mine ? 'flex-row-reverse' : ''}`}
    >
      {children}
      {hovered || focused || open ? (
        <MessageToolbar
          canReact={!message.deleted}
          menuOpen={open}
          onReact={(anchor) => handlers.react(message, anchor)}
          onReply={() => handlers.reply(message)}
          onMore={(button) => {
            const box = button.getBoundingClientRect();
            openMenu(button, {
              x: mine ? box.right : box.left,
              y: box.bottom + 4,
              align: mine ? 'end' : 'start',
              above: box.top,
            });
          }}
        />
      ) : null}
    </div>
  );
}
