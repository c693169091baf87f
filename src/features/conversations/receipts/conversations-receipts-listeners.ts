import { createAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../../store/store';
import { parseConversationKey } from '../../../lib/conversation-key';
import { whileSignedIn } from '../../../store/session';
import { selectFriendRows, selectMyUid } from '../../friends';
import { selectConversationKey } from '../timeline';
import { selectHasPending } from './conversations-receipts-selectors';
import {
  friendMarkerChanged,
  groupMarkersChanged,
  receiptsChanged,
  tabVisibilityChanged,
  typingChanged,
} from './conversations-receipts-slice';
import { sendStarted } from '../sending';
import type { RootState } from '../../../store/store';

/** The message field changed: "I am typing" in the open conversation. */
export const typedInConversation = createAction('conversations/typedInConversation');

/** Typing stops counting this long after the last keystroke. */
const TYPING_IDLE_MS = 3000;

function friendOf(state: RootState, conversationId: string): string | null {
  return (
    selectFriendRows(state).find((r) => r.friendship.id === conversationId)?.friend.uid ?? null
  );
}

/** The open conversation's friend's read marker (with my receipts on) and typing signal. */
function addOpenConversationListeners(start: AppStartListening) {
  start({
    predicate: (_action, current, previous) =>
      selectConversationKey(current) !== selectConversationKey(previous) ||
      current.conversationReceipts.receiptsOn !== previous.conversationReceipts.receiptsOn,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const state = api.getState();
      const key = selectConversationKey(state);
      const conversationId = state.conversations.conversationId;
      const me = selectMyUid(state);
      api.dispatch(friendMarkerChanged(null));
      api.dispatch(groupMarkersChanged(null));
      api.dispatch(typingChanged(null));
      if (!key || !conversationId) return;
      const { inbox } = api.extra;
      const receiptsOn = state.conversationReceipts.receiptsOn;
      if (state.conversations.kind === 'group') {
        // A group: everyone's read markers ('Seen by N'), while my receipts are on.
        if (!receiptsOn) return;
        const stop = inbox.subscribeReadMarkers(
          conversationId,
          (markers) => api.dispatch(groupMarkersChanged({ key, markers })),
          () => api.dispatch(groupMarkersChanged(null)),
        );
        try {
          await api.condition((_a, now) => selectConversationKey(now) !== key);
        } finally {
          stop();
        }
        return;
      }
      const friend = friendOf(state, conversationId);
      if (!friend) return;
      const stops = [
        inbox.subscribeTyping(
          conversationId,
          friend,
          (at) => api.dispatch(typingChanged(at === null ? null : { key, seenAt: Date.now() })),
          () => api.dispatch(typingChanged(null)),
        ),
      ];
      if (receiptsOn) {
        stops.push(
          inbox.subscribeReadMarker(
            conversationId,
            friend,
            (marker) => api.dispatch(friendMarkerChanged({ key, marker })),
            () => api.dispatch(friendMarkerChanged(null)),
          ),
        );
      }
      try {
        await api.condition((_a, now) => selectConversationKey(now) !== key);
      } finally {
        for (const stop of stops) stop();
        // Leaving the chat (or sign-out) says I stopped typing there.
        void inbox.setTyping(conversationId, me, false).catch(() => undefined);
      }
    },
  });

  // Typing: a write at most every 2 s (the gateway's throttle), removed after a pause. Only in a
  // friendship's conversation: `typing/{conversationId}` is a 1:1 path, groups have none.
  start({
    actionCreator: typedInConversation,
    effect: async (_action, api) => {
      const state = api.getState();
      const conversationId = state.conversations.conversationId;
      if (!conversationId || state.conversations.kind !== 'direct') return;
      const me = selectMyUid(state);
      api.cancelActiveListeners();
      void api.extra.inbox.setTyping(conversationId, me, true).catch(() => undefined);
      await api.delay(TYPING_IDLE_MS);
      void api.extra.inbox.setTyping(conversationId, me, false).catch(() => undefined);
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

/** From sign-in to sign-out: my receipts preference and the tab's visibility, live. */
export function addConversationReceiptsListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    const { dispatch } = api;
    // Stores outside a browser (the integration tests run in Node) have no tab to watch.
    const page = typeof document === 'undefined' ? null : document;
    const onVisibility = () => dispatch(tabVisibilityChanged(!page?.hidden));
    page?.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    const stop = api.extra.inbox.subscribeReadReceipts(
      uid,
      (on) => dispatch(receiptsChanged(on)),
      () => undefined,
    );
    return () => {
      page?.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  });
  addOpenConversationListeners(start);
  addUnsentGuard(start);
}
