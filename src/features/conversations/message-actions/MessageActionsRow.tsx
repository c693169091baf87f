import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppSelector } from '../../../store/hooks';
import { selectDisplayName } from '../../profiles';
import { conversationsStrings } from '../conversations-strings';
import {
  MessageActionsContext,
  OpenActionsContext,
  type MenuPlace,
} from './message-actions-context';
import { ControlsTabIndex, messageBodyId } from '../message';
import type { MessageFocus } from '../message';
import { formatMessageTime } from '../message';
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

/** What Tab can reach inside a message once it is entered. */
const CONTROLS = 'a[href], button, [tabindex]';

const firstControl = (row: HTMLElement) =>
  [...row.querySelectorAll<HTMLElement>(CONTROLS)].find((el) => el.tabIndex >= 0);

/**
 * A message of the list, an article of its feed, with its actions: hovering or focusing it
 * shows the toolbar ('React', 'Reply', 'More actions'); a right-click, a long press, Enter
 * (or the menu key, Shift+F10) on the focused message open the menu. Named by its sender, time
 * and words; `data-message-id` lets the list's keys find it (use-message-keys.ts).
 *
 * The list is one Tab stop (message-focus.ts): the current message has tabindex 0, the others
 * -1, and so do the controls inside a message until Tab enters it; Escape goes back to it.
 */
export function MessageActionsRow({
  message,
  mine,
  focus,
  children,
}: {
  message: ConversationMessage;
  mine: boolean;
  focus: MessageFocus;
  children: ReactNode;
}) {
  const handlers = useContext(MessageActionsContext);
  const openFor = useContext(OpenActionsContext);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const row = useRef<HTMLDivElement | null>(null);
  const press = useRef<{ x: number; y: number; timer: number } | null>(null);
  useEffect(() => () => window.clearTimeout(press.current?.timer), []);
  const id = message.id;
  const current = useSyncExternalStore(focus.subscribe, () => focus.isCurrent(id));
  const entered = useSyncExternalStore(focus.subscribe, () => focus.isEntered(id));
  const sender = useAppSelector((state) =>
    mine
      ? conversationsStrings.messageActions.you
      : selectDisplayName(state, message.senderId, message.senderName),
  );
  const who = useMemo(
    () => conversationsStrings.messageActions.label(sender, formatMessageTime(message.createdAt)),
    [sender, message.createdAt],
  );
  const whoId = useId();
  const drawn = useCallback(
    (el: HTMLDivElement | null) => {
      row.current = el;
      if (!el) return;
      const undraw = focus.drawn(id, el);
      return () => {
        row.current = null;
        undraw();
      };
    },
    [focus, id],
  );
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
    const self = event.currentTarget;
    // Keys from a portal opened inside it (the photo viewer) are not the message's.
    if (!self.contains(event.target as Node)) return;
    if (event.target !== self) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      focus.leave(id);
      self.focus();
      return;
    }
    if (event.key === 'Tab' && !event.shiftKey) {
      // Into its own controls (the toolbar shows while it has the focus); none: out of the list.
      flushSync(() => focus.enter(id));
      const first = firstControl(self);
      if (!first) {
        focus.leave(id);
        return;
      }
      event.preventDefault();
      first.focus();
      return;
    }
    const menuKey =
      event.key === 'Enter' ||
      event.key === 'ContextMenu' ||
      (event.shiftKey && event.key === 'F10');
    if (!menuKey) return;
    event.preventDefault();
    openMenu(event.currentTarget, placeBelow(event.currentTarget, mine));
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const self = event.currentTarget;
    if (!self.contains(event.target)) return;
    setFocused(true);
    // A control focused by a click enters the message as Tab would.
    focus.focused(id, event.target !== self);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    setFocused(false);
    focus.leave(id);
  };
  const open = openFor === message.id;
  return (
    <div
      ref={drawn}
      role="article"
      tabIndex={current ? 0 : -1}
      // aria-posinset and aria-setsize: written by `focus` (message-focus.ts).
      aria-labelledby={`${whoId} ${messageBodyId(id)}`}
      data-message-id={message.id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
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
      className={`flex w-full min-w-0 items-start gap-1.5 [-webkit-touch-callout:none] focus:outline-hidden [&:focus-visible>:first-child]:ring-2 [&:focus-visible>:first-child]:ring-brand-600 [&:focus-visible>:first-child]:ring-offset-2 ${mine ? 'flex-row-reverse' : ''}`}
    >
      <ControlsTabIndex value={entered ? undefined : -1}>{children}</ControlsTabIndex>
      <span id={whoId} hidden>
        {who}
      </span>
      {hovered || focused || open ? (
        <MessageToolbar
          tabIndex={entered ? undefined : -1}
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
