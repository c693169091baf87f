import { createAction } from '@reduxjs/toolkit';
import type { AppStartListening, RootState } from '../../app/store';
import { selectFriendRows, selectMyUid } from '../friends';
import { whileSignedIn } from '../session';
import { selectHasPending, selectUnreadOf } from './inbox-selectors';
import {
  connectionChanged,
  friendMarkerChanged,
  groupMarkersChanged,
  inboxFailed,
  inboxReceived,
  openedUnreadCaptured,
  receiptsChanged,
  sendStarted,
  tabVisibilityChanged,
  typingChanged,
} from './inbox-slice';

/** The message field changed: "I am typing" in the open conversation. */
export const typedInChat = createAction('inbox/typedInChat');

/** How long `.info/connected` may stay unanswered at start before the app says it is offline. */
export const CONNECT_GRACE_MS = 3000;
/** Typing stops counting this long after the last keystroke. */
export const TYPING_IDLE_MS = 3000;

const openRelId = (state: RootState) => state.chat.relId;

function friendOf(state: RootState, relId: string): string | null {
  return selectFriendRows(state).find((r) => r.friendship.id === relId)?.friend.uid ?? null;
}

/** The open conversation's friend's read marker (with my receipts on) and typing signal. */
function addOpenConversationListeners(start: AppStartListening) {
  start({
    predicate: (_action, current, previous) =>
      openRelId(current) !== openRelId(previous) ||
      current.inbox.receiptsOn !== previous.inbox.receiptsOn,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const state = api.getState();
      const relId = openRelId(state);
      const me = selectMyUid(state);
      const friend = relId ? friendOf(state, relId) : null;
      api.dispatch(friendMarkerChanged(null));
      api.dispatch(groupMarkersChanged(null));
      api.dispatch(typingChanged(null));
      // Runs before the messages load, so before opening them resets the count.
      const entries = state.inbox.status === 'ready' && relId;
      api.dispatch(
        openedUnreadCaptured(entries ? { relId, count: selectUnreadOf(state, relId) } : null),
      );
      const { inbox } = api.extra;
      if (relId && state.chat.kind === 'group') {
        // A group: everyone's read markers ('Seen by N'), while my receipts are on.
        if (!state.inbox.receiptsOn) return;
        const stop = inbox.subscribeReadMarkers(
          relId,
          (markers) => api.dispatch(groupMarkersChanged({ relId, markers })),
          () => api.dispatch(groupMarkersChanged(null)),
        );
        try {
          await api.condition((_a, now) => openRelId(now) !== relId);
        } finally {
          stop();
        }
        return;
      }
      if (!relId || !friend) return;
      const stops = [
        inbox.subscribeTyping(
          relId,
          friend,
          (at) => api.dispatch(typingChanged(at === null ? null : { relId, seenAt: Date.now() })),
          () => api.dispatch(typingChanged(null)),
        ),
      ];
      if (state.inbox.receiptsOn) {
        stops.push(
          inbox.subscribeReadMarker(
            relId,
            friend,
            (marker) => api.dispatch(friendMarkerChanged({ relId, marker })),
            () => api.dispatch(friendMarkerChanged(null)),
          ),
        );
      }
      try {
        await api.condition((_a, now) => openRelId(now) !== relId);
      } finally {
        for (const stop of stops) stop();
        // Leaving the chat (or sign-out) says I stopped typing there.
        void inbox.setTyping(relId, me, false).catch(() => undefined);
      }
    },
  });

  // Typing: a write at most every 2 s (the gateway's throttle), removed after a pause.
  start({
    actionCreator: typedInChat,
    effect: async (_action, api) => {
      const state = api.getState();
      const relId = openRelId(state);
      if (!relId) return;
      const me = selectMyUid(state);
      api.cancelActiveListeners();
      void api.extra.inbox.setTyping(relId, me, true).catch(() => undefined);
      await api.delay(TYPING_IDLE_MS);
      void api.extra.inbox.setTyping(relId, me, false).catch(() => undefined);
    },
  });
  start({
    actionCreator: sendStarted,
    effect: (action, api) => {
      const me = selectMyUid(api.getState());
      void api.extra.inbox.setTyping(action.payload.relId, me, false).catch(() => undefined);
    },
  });
}

/**
 * Opening a conversation clears my unread count, and so does every new message while it is
 * open, its panel shown and the tab visible. A reset the server refuses (a message arrived meanwhile) is
 * retried by the inbox update that follows, with its newer message id.
 */
function addMarkReadListener(start: AppStartListening) {
  let asked = '';
  start({
    predicate: (_action, current) => {
      const relId = openRelId(current);
      return (
        relId !== null &&
        current.inbox.tabVisible &&
        current.inbox.chatShown &&
        current.chat.status === 'ready' &&
        selectUnreadOf(current, relId) > 0
      );
    },
    effect: async (_action, api) => {
      const state = api.getState();
      const relId = openRelId(state);
      const entry = relId ? state.inbox.entries[relId] : undefined;
      if (!relId || !entry) return;
      const key = `${relId}/${entry.lastMessageId}`;
      if (asked === key) return;
      asked = key;
      const me = selectMyUid(state);
      try {
        await api.extra.inbox.markRead(me, relId, entry.lastMessageId, state.inbox.receiptsOn);
      } catch {
        if (asked === key) asked = '';
      }
    },
  });
}

/** Closing the tab while a message is still unsent asks first. */
function addUnsentGuard(start: AppStartListening) {
  const guard = (event: BeforeUnloadEvent) => {
    event.preventDefault();
  };
  start({
    predicate: (_action, current, previous) =>
      selectHasPending(current) !== selectHasPending(previous),
    effect: (_action, api) => {
      if (typeof window === 'undefined') return;
      if (selectHasPending(api.getState())) window.addEventListener('beforeunload', guard);
      else window.removeEventListener('beforeunload', guard);
    },
  });
}

/** From sign-in to sign-out: my inbox, my receipts preference and the connection, live. */
export function addInboxListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    const { dispatch } = api;
    const { inbox } = api.extra;
    const connection = () => api.getState().inbox.connection;
    const grace = setTimeout(() => {
      if (connection() === 'unknown') dispatch(connectionChanged('offline'));
    }, CONNECT_GRACE_MS);
    // Node 21+ has a `navigator` without `onLine`, which must not read as offline.
    if (typeof navigator !== 'undefined' && 'onLine' in navigator && !navigator.onLine)
      dispatch(connectionChanged('offline'));
    // Stores outside a browser (the integration tests run in Node) have no tab to watch.
    const page = typeof document === 'undefined' ? null : document;
    const onVisibility = () => dispatch(tabVisibilityChanged(!page?.hidden));
    page?.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    const stops = [
      inbox.subscribeInbox(
        uid,
        (entries) => dispatch(inboxReceived(entries)),
        () => dispatch(inboxFailed()),
      ),
      inbox.subscribeConnected((connected) => {
        // The SDK says "not connected" first at every start: only a lost connection counts.
        if (connected) dispatch(connectionChanged('online'));
        else if (connection() === 'online') dispatch(connectionChanged('offline'));
      }),
      inbox.subscribeReadReceipts(
        uid,
        (on) => dispatch(receiptsChanged(on)),
        () => undefined,
      ),
    ];
    return () => {
      clearTimeout(grace);
      page?.removeEventListener('visibilitychange', onVisibility);
      for (const stop of stops) stop();
    };
  });
  addOpenConversationListeners(start);
  addMarkReadListener(start);
  addUnsentGuard(start);
}
