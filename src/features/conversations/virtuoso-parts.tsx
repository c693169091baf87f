import { forwardRef, type KeyboardEvent, type Ref } from 'react';
import type { ItemProps, ListProps, ScrollerProps } from 'react-virtuoso';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { conversationsStrings } from './conversations-strings';
import type { MessageRow } from './message-rows';

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
  /**
   * Up/Down on the list or a focused message: the focus moves to the message before or after
   * (from the list itself, to the newest message in view), scrolled into view.
   */
  moveFocus: (from: HTMLElement, step: 1 | -1) => void;
}

type WithContext = { context?: ListContext };

/** Pixels an arrow key scrolls; a page key scrolls most of the visible height. */
const LINE = 40;
const PAGE_SHARE = 0.9;

function scrollByKey(event: KeyboardEvent<HTMLDivElement>, context: ListContext | undefined) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  const onMessage = target.dataset.messageId !== undefined;
  if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && context) {
    if (target !== event.currentTarget && !onMessage) return;
    event.preventDefault();
    context.moveFocus(target, event.key === 'ArrowDown' ? 1 : -1);
    return;
  }
  // Keys typed into a control inside a row (a Show button, a photo) keep their own meaning.
  if (target !== event.currentTarget && !onMessage) return;
  const box = event.currentTarget;
  const page = box.clientHeight * PAGE_SHARE;
  const by: Partial<Record<string, number>> = {
    ArrowDown: LINE,
    ArrowUp: -LINE,
    PageDown: page,
    PageUp: -page,
    ' ': event.shiftKey ? -page : page,
  };
  if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    box.scrollTo({ top: event.key === 'Home' ? 0 : box.scrollHeight });
    return;
  }
  const delta = by[event.key];
  if (delta === undefined) return;
  event.preventDefault();
  box.scrollBy({ top: delta });
}

/**
 * The scrolling box, focusable (Tab reaches it) and named, so the conversation can be read
 * with the keyboard alone: Up/Down move between messages (Enter opens one's menu), Page
 * Up/Down (and Space) scroll a screen, Home/End to the oldest loaded and the newest message.
 */
export const MessageScroller = forwardRef(function MessageScroller(
  { style, children, context, ...props }: ScrollerProps & WithContext,
  ref: Ref<HTMLDivElement>,
) {
  return (
    <div
      {...props}
      ref={ref}
      style={style}
      tabIndex={0}
      role="region"
      data-message-scroller
      aria-label={conversationsStrings.chat.scroller}
      onKeyDown={(event) => scrollByKey(event, context)}
      className="focus:outline-hidden focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-brand-100"
    >
      {children}
    </div>
  );
});

/** The conversation as an ordered list (Virtuoso renders only the rows in view). */
export const MessageOl = forwardRef(function MessageOl(
  { style, children, context }: ListProps & WithContext,
  ref: Ref<HTMLDivElement>,
) {
  return (
    <ol
      ref={ref as unknown as Ref<HTMLOListElement>}
      style={style}
      aria-label={context?.label}
      className="px-5"
    >
      {children}
    </ol>
  );
});

/**
 * A row's list item. Spacing is padding, never margin: Virtuoso measures the items'
 * boxes. A day or 'New messages' separator is a list item holding a `separator`: an `li`
 * may not take that role itself (axe's list rule).
 */
export function MessageLi({
  item,
  children,
  context: _context,
  ...props
}: ItemProps<MessageRow> & WithContext) {
  if (item.kind === 'message') {
    return (
      <li
        {...props}
        className={`flex ${item.mine ? 'justify-end' : 'justify-start'} ${item.groupStart ? 'pt-2' : 'pt-0.5'}`}
      >
        {children}
      </li>
    );
  }
  return (
    <li {...props} className="flex justify-center pb-1 pt-4">
      <div role="separator">{children}</div>
    </li>
  );
}

/** Above the oldest loaded message: older ones load on scrolling up, or with this button. */
export function OlderHeader({ context }: WithContext) {
  if (!context?.hasOlder) return <div className="h-3" />;
  return (
    <div className="flex justify-center pt-2">
      <LoadMoreButton
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
