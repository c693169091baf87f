import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ChatBubbleIcon } from '../../../components/icons';
import { compareMessages } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { selectMyUid } from '../../friends';
import { MessageActionsLayer } from '../message-actions';
import {
  selectBlockedUids,
  selectConversationKind,
  selectShownPages,
  selectConversationKey,
  selectHasOlder,
  selectLoadingOlder,
} from '../timeline';
import { olderRequested } from '../timeline';
import { useJumpToQuoted } from './use-jump-to-quoted';
import { JumpToLatest } from './JumpToLatest';
import {
  countAfterInPages,
  findFirstUnreadInPages,
  rowIndexInPages,
  rowsInPagesBuilder,
} from './message-rows-in-pages';
import { readMarker, storeReadMarker } from '../receipts';
import type { ListContext } from './virtuoso-parts';
import { components, rowContent, rowKey } from './message-list-items';
import { useMessageKeys } from './use-message-keys';

/** Virtuoso needs a positive index for the oldest row that only ever goes down. */
const FIRST_INDEX = 1_000_000_000;
/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 64;
/**
 * A one-line message with its time (px). Given, Virtuoso draws a conversation's first screen
 * in one pass instead of first drawing one row alone to measure it (~100 ms at 4x CPU);
 * rows are measured as they render either way.
 */
const ROW_HEIGHT = 64;

interface Props {
  /** The friend's name, or the group's. */
  name: string;
  /**
   * Server time I had read the conversation up to: the 'New messages' divider goes before
   * the friend's first message after it. Defaults to this browser's own record.
   */
  readUpTo?: number | null;
}

/**
 * The loaded messages, oldest at the top, windowed: only the rows in view are in the DOM.
 * New messages keep me at the bottom when I am there (or sent them); older pages load on
 * scrolling up and keep what I am reading in place.
 */
export function MessageList({ name, readUpTo }: Props) {
  const dispatch = useAppDispatch();
  // In pages (the older ones never change again), so a new message costs about one page.
  const pages = useAppSelector(selectShownPages);
  const me = useAppSelector(selectMyUid);
  const conversationKey = useAppSelector(selectConversationKey);
  const group = useAppSelector(selectConversationKind) === 'group';
  const blocked = useAppSelector(selectBlockedUids);
  const hasOlder = useAppSelector(selectHasOlder);
  const loadingOlder = useAppSelector(selectLoadingOlder);
  const virtuoso = useRef<VirtuosoHandle>(null);

  // What I had read when the conversation opened. The divider goes before the friend's first
  // message after it, found again as messages come: the first answer may be the SDK's cache,
  // and older pages may hold earlier unread messages.
  const [readPoint] = useState(
    () => readUpTo ?? (conversationKey ? readMarker(me, conversationKey) : null),
  );
  const firstUnreadId = useMemo(
    () => findFirstUnreadInPages(pages, me, readPoint),
    [pages, me, readPoint],
  );
  const newest = pages.at(-1)?.at(-1) ?? pages.findLast((page) => page.length > 0)?.at(-1);
  const oldest = pages.find((page) => page.length > 0)?.at(0);
  useEffect(() => {
    if (conversationKey && newest) storeReadMarker(me, conversationKey, newest.createdAt);
  }, [me, conversationKey, newest]);

  const [buildRows] = useState(rowsInPagesBuilder);
  const shownRows = useMemo(
    () => buildRows(pages, me, firstUnreadId),
    [buildRows, pages, me, firstUnreadId],
  );
  const rows = shownRows.rows;

  // Virtuoso keeps the scroll position when rows are prepended if the first row's index
  // goes down by as many rows: count them from a message that stays loaded.
  const [anchor, setAnchor] = useState(() => oldest?.id ?? '');
  const anchorAt = rowIndexInPages(shownRows, anchor);
  if (anchorAt < 0 && oldest) setAnchor(oldest.id);
  const firstItemIndex = FIRST_INDEX - Math.max(anchorAt, 0);

  const [initialIndex] = useState(() => {
    const unreadAt = rows.findIndex((row) => row.kind === 'unread');
    return unreadAt >= 0
      ? { index: unreadAt, align: 'start' as const }
      : { index: 'LAST' as const, align: 'end' as const };
  });

  // Newest message id when I scrolled up; null while at the bottom.
  const [awayFrom, setAwayFrom] = useState<string | null>(null);
  const newestId = useRef<string | undefined>(undefined);
  useEffect(() => {
    newestId.current = newest?.id;
  }, [newest]);

  const onAtBottom = useCallback((atBottom: boolean) => {
    setAwayFrom(atBottom ? null : (newestId.current ?? ''));
  }, []);
  // My own new message always scrolls into view; others only while I am at the bottom.
  // Virtuoso asks in the render that changes the row count (before our effects), a page
  // loaded above included: only a newest message of mine newer than the one it last saw
  // takes me down, or paging back with my message last would throw me to the bottom.
  const followSeen = useRef(newest);
  const follow = useCallback(
    (atBottom: boolean) => {
      const seen = followSeen.current;
      followSeen.current = newest;
      const mineAndNew = newest?.senderId === me && (!seen || compareMessages(newest, seen) > 0);
      return atBottom || mineAndNew ? 'auto' : false;
    },
    [newest, me],
  );

  const loadOlder = useCallback(() => dispatch(olderRequested()), [dispatch]);
  const startReached = useCallback(() => {
    if (hasOlder && !loadingOlder) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);
  const label = group
    ? conversationsStrings.groupChat.conversationIn(name)
    : conversationsStrings.chat.conversationWith(name);
  const { focus, onKey, focusCurrent } = useMessageKeys({
    virtuoso,
    shown: shownRows,
    pages,
    hasOlder,
    loadingOlder,
    loadOlder,
  });
  const context = useMemo<ListContext>(
    () => ({
      label,
      hasOlder,
      loadingOlder,
      loadOlder,
      group,
      blocked,
      focus,
      onKey,
      focusCurrent,
    }),
    [label, hasOlder, loadingOlder, loadOlder, group, blocked, focus, onKey, focusCurrent],
  );
  const jump = () => virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  useJumpToQuoted(virtuoso, rows);

  if (!newest) {
    const hello = group
      ? conversationsStrings.groupChat.sayHello(name)
      : conversationsStrings.chat.sayHello(name);
    return <EmptyState icon={<ChatBubbleIcon />} message={hello} />;
  }
  return (
    <div className="relative h-full">
      <MessageActionsLayer>
        <Virtuoso
          ref={virtuoso}
          className="h-full"
          data={rows}
          context={context}
          components={components}
          computeItemKey={rowKey}
          itemContent={rowContent}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={initialIndex}
          defaultItemHeight={ROW_HEIGHT}
          followOutput={follow}
          atBottomThreshold={NEAR_BOTTOM}
          atBottomStateChange={onAtBottom}
          startReached={startReached}
          // Nothing extra above: Virtuoso keeps the place on a prepend by scrolling down by the
          // new rows' default height before they render; rendering them early (a top margin)
          // measured other heights and moved the list by ~270 px (react-virtuoso #370, #947).
          increaseViewportBy={{ top: 0, bottom: 200 }}
        />
      </MessageActionsLayer>
      {awayFrom === null ? null : (
        <JumpToLatest count={countAfterInPages(pages, awayFrom)} onClick={jump} />
      )}
    </div>
  );
}
