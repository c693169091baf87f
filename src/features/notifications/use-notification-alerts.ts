import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { selectSettings } from '../settings';
import { selectMyUid } from '../friends';
import { selectInboxEntries, selectInboxReady } from '../inbox';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { paths } from '../../config/paths';
import { groupKey, type ConversationKey } from '../../lib/conversation-key';
import { messageTarget, notificationTarget, notificationText } from './notification-text';
import { notificationPromptWanted, selectNotifications } from './notifications-slice';
import { conversationAlertOpened, notificationOpened } from './notifications-thunks';
import { inboxMessageIds, messageAlertId, messageAlertOf, selectLookingAt } from './message-alerts';
import { messageToastOf } from './message-toast';
import {
  browserAllows,
  desktopNotice,
  messageNotice,
  playChime,
  showDesktopNotice,
  type DesktopNotice,
} from './desktop-notification';

/** What was already there when a list first loaded for this person: never announced. */
type Known = { owner: string | null; ids: Set<string> } | null;

/**
 * Alerts for what arrives while the app is open. A stored feed entry gives a toast
 * unless the feed is on screen, and a desktop notification when the tab is hidden (a mention of
 * me: also when its group is not the conversation on screen, and even when the group is muted).
 * A new message (1:1 or group, from my inbox) gives a desktop notification when the tab is
 * hidden or its conversation is not on screen, and a 1:1 one a toast outside the messages
 * screen (one per conversation, its count updated: message-toast.ts); a muted conversation
 * gives nothing. Toasts are notices: they wait behind the toasts that answer the person. Desktop notifications need the Settings switch,
 * the kind switched on and the browser's permission; a message while the tab is hidden and
 * the switch off asks for the one-time offer to turn them on. Entries and messages already
 * there when the lists first load are not announced.
 */
export function useNotificationAlerts(): void {
  const { unread, unreadStatus, owner } = useAppSelector(selectNotifications);
  const entries = useAppSelector(selectInboxEntries);
  const inboxReady = useAppSelector(selectInboxReady);
  const me = useAppSelector(selectMyUid);
  const settings = useAppSelector(selectSettings);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const knownEntries = useRef<Known>(null);
  const knownMessages = useRef<Known>(null);
  // Messages already on the desktop: a mention of me is its group's new message too.
  const shown = useRef(new Set<string>());

  // Signed out (or someone else signed in): the news on screen was the previous person's.
  useEffect(() => () => toast.dismissNotices(), [me]);

  const show = (notice: DesktopNotice, onOpen: () => void) => {
    showDesktopNotice(notice, onOpen);
    if (settings?.notificationSound) playChime();
  };
  /** The conversation `key` is on my screen: nothing to tell about it on the desktop. */
  const onScreen = (key: ConversationKey) =>
    !document.hidden && selectLookingAt(store.getState(), key);

  useEffect(() => {
    if (unreadStatus !== 'ready') return;
    if (knownEntries.current?.owner !== owner) {
      knownEntries.current = { owner, ids: new Set(unread.map((n) => n.id)) };
      return;
    }
    const seen = knownEntries.current.ids;
    for (const n of unread.filter((entry) => !seen.has(entry.id))) {
      seen.add(n.id);
      if (pathname !== paths.notification) toast.notice(`feed:${n.id}`, notificationText(n));
      if (!settings?.browserNotifications || !settings.notifyKinds[n.kind]) continue;
      if (!browserAllows()) continue;
      if (n.kind === 'mention') {
        const key = groupKey(n.ref);
        const id = messageAlertId(key, n.messageId ?? '');
        if (onScreen(key) || shown.current.has(id)) continue;
        shown.current.add(id);
      } else if (!document.hidden) continue;
      show(desktopNotice(n), () => {
        dispatch(notificationOpened(n));
        void navigate(notificationTarget(n));
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- show and onScreen read the store
  }, [unread, unreadStatus, owner, pathname, settings, dispatch, navigate]);

  useEffect(() => {
    if (!inboxReady) return;
    if (knownMessages.current?.owner !== me) {
      knownMessages.current = { owner: me, ids: new Set(inboxMessageIds(entries)) };
      return;
    }
    const seen = knownMessages.current.ids;
    const state = store.getState();
    for (const key of Object.keys(entries) as ConversationKey[]) {
      const entry = entries[key];
      if (!entry || seen.has(messageAlertId(key, entry.lastMessageId))) continue;
      seen.add(messageAlertId(key, entry.lastMessageId));
      const alert = messageAlertOf(state, key, entry);
      if (!alert || alert.muted) continue;
      const notice = messageToastOf(state, alert, pathname);
      if (notice) toast.notice(notice.key, notice.text);
      if (onScreen(key) || !settings) continue;
      if (!settings.browserNotifications) {
        if (document.hidden) dispatch(notificationPromptWanted());
        continue;
      }
      if (!settings.notifyKinds.message || !browserAllows() || shown.current.has(alert.id)) {
        continue;
      }
      shown.current.add(alert.id);
      show(messageNotice(alert, settings.notificationPreviews), () => {
        dispatch(conversationAlertOpened(key));
        void navigate(messageTarget(key, alert.messageId));
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- show and onScreen read the store
  }, [entries, inboxReady, me, pathname, settings, dispatch, navigate, store]);
}
