import { createAction } from '@reduxjs/toolkit';
import type { AppStartListening, RootState } from '../../store/store';
import {
  conversationKey,
  parseConversationKey,
  type ConversationKey,
} from '../../lib/conversation-key';
import { selectFriendRows, selectMyUid } from '../friends';
import { whileSignedIn } from '../../store/session';
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

/** The loaded conversation's key (kind and id): a friendship and a group may share an id. */
const openKey = (state: RootState): ConversationKey | null =>
  state.conversations.relId
    ? conversationKey(state.conversations.kind, state.conversations.relId)
    : null;

function friendOf(state: RootState, relId: string): string | null {
  return selectFriendRows(state).find((r) => r.friendship.id === relId)?.friend.uid ?? null;
}

/** The open conversation's friend's read marker (with my receipts on) and typing signal. */
function addOpenConversationListeners(start: AppStartListening) {
  start({
    predicate: (_action, current, previous) =>
      openKey(current) !== openKey(previous) ||
      current.inbox.receiptsOn !== previous.inbox.receiptsOn,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const state = api.getState();
      const key = openKey(state);
      const relId = state.conversations.relId;
      const me = selectMyUid(state);
      api.dispatch(friendMarkerChanged(null));
      api.dispatch(groupMarkersChanged(null));
      api.dispatch(typingChanged(null));
      // Runs before the messages load, so before opening them resets the count.
      const entries = state.inbox.status === 'ready' && key;
      api.dispatch(
        openedUnreadCaptured(entries ? { key, count: selectUnreadOf(state, key) } : null),
      );
      if (!key || !relId) return;
      const { inbox } = api.extra;
      if (state.conversations.kind === 'group') {
        // A group: everyone's read markers ('Seen by N'), while my receipts are on.
        if (!state.inbox.receiptsOn) return;
        const stop = inbox.subscribeReadMarkers(
          relId,
          (markers) => api.dispatch(groupMarkersChanged({ key, markers })),
          () => api.dispatch(groupMarkersChanged(null)),
        );
        try {
          await api.condition((_a, now) => openKey(now) !== key);
        } finally {
          stop();
        }
        return;
      }
      const friend = friendOf(state, relId);
      if (!friend) return;
      const stops = [
        inbox.subscribeTyping(
          relId,
          friend,
          (at) => api.dispatch(typingChanged(at === null ? null : { key, seenAt: Date.now() })),
          () => api.dispatch(typingChanged(null)),
        ),
      ];
      if (state.inbox.receiptsOn) {
        stops.push(
          inbox.subscribeReadMarker(
            relId,
            friend,
            (marker) => api.dispatch(friendMarkerChanged({ key, marker })),
            () => api.dispatch(friendMarkerChanged(null)),
          ),
        );
      }
      try {
        await api.condition((_a, now) => openKey(now) !== key);
      } finally {
        for (const stop of stops) stop();
        // Leaving the chat (or sign-out) says I stopped typing there.
        void inbox.setTyping(relId, me, false).catch(() => undefined);
      }
    },
  });

  // Typing: a write at most every 2 s (the gateway's throttle), removed after a pause. Only in a
  // friendship's conversation: `typing/{relId}` is a 1:1 path, groups have none.
  start({
    actionCreator: typedInChat,
    effect: async (_action, api) => {
      const state = api.getState();
      const relId = state.conversations.relId;
      if (!relId || state.conversations.kind !== 'direct') return;
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
      const { kind, id } = parseConversationKey(action.payload.key);
      if (kind !== 'direct') return;
      const me = selectMyUid(api.getState());
      void api.extra.inbox.setTyping(id, me, false).catch(() => undefined);
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
      const key = openKey(current);
      return (
        key !== null &&
        current.inbox.tabVisible &&
        current.inbox.chatShown &&
        current.conversations.status === 'ready' &&
        selectUnreadOf(current, key) > 0
      );
    },
    effect: async (_action, api) => {
      const state = api.getState();
      const key = openKey(state);
      const entry = key ? state.inbox.entries[key] : undefined;
      if (!key || !entry) return;
      const ask = `${key}/${entry.lastMessageId}`;
      if (asked === ask) return;
      asked = ask;
      const me = selectMyUid(state);
      try {
        await api.extra.inbox.markRead(me, key, entry.lastMessageId, state.inbox.receiptsOn);
      } catch {
        if (asked === ask) asked = '';
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
