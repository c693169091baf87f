import { toast } from '../../../components/toast';
import { parseConversationKey, type ConversationKey } from '../../../lib/conversation-key';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import type { AppStartListening, RootState } from '../../../store/store';
import { conversationsStrings } from '../conversations-strings';
import { libStrings } from '../../../lib/lib-strings';
import { whileSignedIn } from '../../../store/session';
import {
  selectConversationAvailability,
  selectConversationKey,
  selectOpenKey,
} from './conversations-selectors';
import {
  conversationClosed,
  conversationFailed,
  conversationOpened,
  friendSelected,
  hiddenReceived,
  latestReceived,
  MESSAGE_PAGE_SIZE,
  messageSelectors,
  olderFailed,
  olderReceived,
  olderRequested,
  selectionCleared,
  selectionConfirmed,
  selectionRestored,
} from './conversations-slice';
import { readSelectedFriend, storeSelectedFriend } from './selected-friend-storage';
import { lastPages } from './last-pages';
import { selectKeysRevision } from '../../encryption';

/**
 * While signed in: the selection is restored from local storage, and the newest messages of
 * the selected friend's conversation stay live while the chat is on screen and they are
 * friends. Switching friends, leaving the screen, a block or sign-out closes the listener.
 */
export function addConversationListeners(
  startAppListening: AppStartListening,
  /** The id of the conversation's newest message as the inbox knows it (the inbox feature's). */
  newestIdOf: (state: RootState, key: ConversationKey) => string | undefined = () => undefined,
): void {
  let syncConversation: (() => void) | null = null;
  let resyncConversation: (() => void) | null = null;

  whileSignedIn(startAppListening, (uid, listenerApi) => {
    const { dispatch } = listenerApi;
    const { conversations } = listenerApi.extra;
    const getState = () => listenerApi.getState();
    let open: { key: ConversationKey; close: () => void } | null = null;
    const kept = lastPages();
    const sync = () => {
      const key = selectOpenKey(getState());
      if (open?.key === key) return;
      open?.close();
      open = null;
      if (!key) {
        if (getState().conversations.conversationId) dispatch(conversationClosed());
        return;
      }
      const { kind, id: conversationId } = parseConversationKey(key);
      const group = kind === 'group';
      dispatch(conversationOpened(conversationId, kind));
      // Shown before and nothing new since (its inbox entry's last message): drawn at once.
      const shown = kept.recall(key, newestIdOf(getState(), key));
      if (shown) {
        dispatch(latestReceived({ key, messages: shown.messages }));
        if (shown.hidden.length > 0) dispatch(hiddenReceived({ key, ids: shown.hidden }));
      }
      const onData = (loaded: ConversationMessage[]) => {
        kept.remember(key, { messages: loaded });
        dispatch(latestReceived({ key, messages: loaded }));
      };
      // The server cancels a listen whose read access is gone (a removal, a block); say so in
      // words, never with the SDK's raw 'permission_denied at /path' text.
      const onError = (error: Error) =>
        dispatch(conversationFailed({ key, message: loadErrorText(error, group) }));
      const pageSize = MESSAGE_PAGE_SIZE;
      const api = conversations[kind];
      const closeLatest = api.subscribeLatest({ id: conversationId, pageSize }, onData, onError);
      // What I deleted for me, on every device of mine. Its listen fails only with the
      // conversation's own (which says so); until then the messages simply stay shown.
      const closeHidden = api.subscribeHidden(
        uid,
        conversationId,
        (ids) => {
          kept.remember(key, { hidden: [...ids] });
          dispatch(hiddenReceived({ key, ids: [...ids] }));
        },
        () => undefined,
      );
      open = {
        key,
        close: () => {
          closeLatest();
          closeHidden();
        },
      };
    };
    // A device approved or recovered now holds older keys: a page showing a message it could
    // not open is read again (from the newest: the older pages loaded go). With none, the
    // pages stay, and what arrives next opens with the new keys anyway.
    resyncConversation = () => {
      kept.clear();
      if (!messageSelectors.selectAll(getState()).some(unopened)) return;
      open?.close();
      open = null;
      sync();
    };
    syncConversation = sync;
    const stored = readSelectedFriend();
    if (stored) dispatch(selectionRestored(stored));
    sync();
    return () => {
      open?.close();
      open = null;
      if (syncConversation === sync) syncConversation = null;
      resyncConversation = null;
    };
  });

  startAppListening({
    predicate: (_action, current, previous) =>
      selectKeysRevision(current) !== selectKeysRevision(previous),
    effect: () => resyncConversation?.(),
  });

  // Runs in the same dispatch as the change, so no message can arrive for a closed chat.
  startAppListening({
    predicate: (_action, current, previous) => selectOpenKey(current) !== selectOpenKey(previous),
    effect: () => syncConversation?.(),
  });

  // A selection restored after a reload stays only if that person is still a friend.
  startAppListening({
    predicate: (_action, current) =>
      current.conversations.restored && selectConversationAvailability(current).kind !== 'loading',
    effect: (_action, listenerApi) => {
      const { dispatch } = listenerApi;
      if (selectConversationAvailability(listenerApi.getState()).kind === 'open')
        dispatch(selectionConfirmed());
      else dispatch(selectionCleared());
    },
  });

  startAppListening({
    actionCreator: friendSelected,
    effect: (action) => storeSelectedFriend(action.payload),
  });
  startAppListening({
    actionCreator: selectionCleared,
    effect: () => storeSelectedFriend(null),
  });

  startAppListening({
    actionCreator: olderRequested,
    effect: async (_action, listenerApi) => {
      const { dispatch, extra } = listenerApi;
      const state = listenerApi.getState();
      const { conversations: chat } = state;
      const oldest = messageSelectors.selectOldest(state);
      const conversationId = chat.conversationId;
      const key = selectConversationKey(state);
      if (!chat.loadingOlder || !conversationId || !key || !oldest) return;
      try {
        const page = { id: conversationId, before: oldest, pageSize: MESSAGE_PAGE_SIZE };
        const older = await extra.conversations[chat.kind].fetchOlder(page);
        // Read again meanwhile (new keys reopen it from the newest): a page before the old
        // oldest would sit under a gap. The list asks again from the new oldest.
        if (messageSelectors.selectOldest(listenerApi.getState())?.id !== oldest.id) {
          dispatch(olderFailed({ key }));
          return;
        }
        dispatch(olderReceived({ key, messages: older }));
      } catch (error) {
        dispatch(olderFailed({ key }));
        const reason = error instanceof Error ? error.message : libStrings.app.errorUnknown;
        toast.error(`${conversationsStrings.chat.errors.loadOlder}: ${reason}`);
      }
    },
  });
}

const unopened = (message: ConversationMessage) =>
  message.sealed === 'no-key' || message.sealed === 'failed';

function loadErrorText(error: Error, group: boolean): string {
  const denied = /permission[_ ]denied/i.test(
    `${(error as { code?: string }).code} ${error.message}`,
  );
  if (group)
    return denied
      ? conversationsStrings.groupChat.errors.notMember
      : conversationsStrings.groupChat.errors.load;
  return denied
    ? conversationsStrings.chat.errors.accessLost
    : conversationsStrings.chat.errors.load;
}
