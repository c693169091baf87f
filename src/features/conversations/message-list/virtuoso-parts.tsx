import {
  forwardRef,
  useCallback,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import type { ItemProps, ListProps, ScrollerProps } from 'react-virtuoso';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { conversationsStrings } from '../conversations-strings';
import type { MessageFocus } from '../message';
import type { MessageRow } from '../message';

/** What the list's parts need from MessageList, passed as Virtuoso's `context`. */
export interface ListContext {
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** A group's conversation: others' messages show their sender. */
  group: boolean;
  /** People I blocked: their messages in a group stay collapsed until shown. */
  blocked: ReadonlySet<string>;
  /** The roving focus: the current message, the entered one, the drawn rows (message-focus.ts). */
  focus: MessageFocus;
  /** The list's keys on the scroller or a message (use-message-keys.ts). */
  onKey: (event: KeyboardEvent<HTMLElement>) => void;
  /** Focuses the current message, scrolling to it when it is not drawn. */
  focusCurrent: () => void;
}

type WithContext = { context?: ListContext };

/** Hands `el` to a ref given by Virtuoso, a callback or an object. */
function setRef<T>(ref: Ref<T> | undefined, el: T | null) {
  if (typeof ref === 'function') ref(el);
  else if (ref) ref.current = el;
}

/**
 * The scrolling box, named. The list is one Tab stop, its current message; only while that
 * message is not drawn (scrolled far away) is the box itself the stop (its tabindex is kept
 * by `focus`, message-focus.ts), and reaching it with the keyboard hands the focus on to the
 * message. Keys: see use-message-keys.ts.
 */
export const MessageScroller = forwardRef(function MessageScroller(
  { style, children, context, ...props }: ScrollerProps & WithContext,
  ref: Ref<HTMLDivElement>,
) {
  const focus = context?.focus;
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      setRef(ref, el);
      const detach = el && focus?.scrollerAt(el);
      return () => {
        detach?.();
        setRef(ref, null);
      };
    },
    [ref, focus],
  );
  // A click on the box focuses it too: that one is no keyboard move to hand on.
  const pointing = useRef(false);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && !pointing.current) context?.focusCurrent();
  };
  return (
    <div
      {...props}
      ref={attach}
      style={style}
      tabIndex={-1}
      role="region"
      data-message-scroller
      aria-label={conversationsStrings.chat.scroller}
      onKeyDown={(event) => context?.onKey(event)}
      onFocus={onFocus}
      onPointerDown={() => (pointing.current = true)}
      onPointerUp={() => (pointing.current = false)}
      onPointerCancel={() => (pointing.current = false)}
      className="focus:outline-hidden focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-brand-100"
    >
      {children}
    </div>
  );
});

/**
 * The conversation as a feed of articles (Virtuoso renders only the rows in view), busy while
 * an older page loads.
 */
export const MessageFeed = forwardRef(function MessageFeed(
  { style, children, context }: ListProps & WithContext,
  ref: Ref<HTMLDivElement>,
) {
  return (
    <div
      ref={ref}
      style={style}
      role="feed"
      aria-label={context?.label}
      aria-busy={context?.loadingOlder ?? false}
      className="px-5"
    >
      {children}
    </div>
  );
});

/**
 * A row's box; the article is the message inside it (MessageActionsRow). Spacing is padding,
 * never margin: Virtuoso measures the items' boxes. A day or 'New messages' separator is plain
 * text between articles: a feed owns articles only (axe's required-children rule).
 */
export function MessageItem({
  item,
  children,
  context: _context,
  ...props
}: ItemProps<MessageRow> & WithContext) {
  if (item.kind === 'message') {
    return (
      <div
        {...props}
        className={`flex ${item.mine ? 'justify-end' : 'justify-start'} ${item.groupStart ? 'pt-2' : 'pt-0.5'}`}
      >
        {children}
      </div>
    );
  }
  return (
    <div {...props} data-separator className="flex justify-center pb-1 pt-4">
      {children}
    </div>
  );
}

/**
 * Above the oldest loaded message: older ones load on scrolling up, or with this button. Not a
 * Tab stop: the list is one, and Up on its first message or Home load older pages.
 */
export function OlderHeader({ context }: WithContext) {
  if (!context?.hasOlder) return <div className="h-3" />;
  return (
    <div className="flex justify-center pt-2">
      <LoadMoreButton
        tabIndex={-1}
        label={conversationsStrings.chat.loadOlder}
        loading={context.loadingOlder}
        onClick={context.loadOlder}
      />
    </div>
  );
}

/** Room under the newest message. */
export function BottomGap() {
  return <div className="h-3" />;
}
