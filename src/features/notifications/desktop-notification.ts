/**
 * A browser (desktop) notification: for a message the sender (and the group) as the
 * title and the words (or 'Photo') as the body unless previews are off; one per conversation,
 * a newer one replacing it (`tag`); a click focuses the tab and opens where to act.
 */
import type { ConversationKey } from '../../lib/conversation-key';
import type { AppNotification } from '../../lib/firebase/notifications/shapes';
import type { MessageAlert } from './message-alerts';
import { notificationText } from './notification-text';
import { notificationsStrings } from './notifications-strings';

export interface DesktopNotice {
  title: string;
  body: string;
  /** Same tag, same notification: a conversation's newer message replaces the older one. */
  tag: string;
}

/** One notification per conversation: its messages and mentions share it. */
const conversationTag = (key: ConversationKey) => `conversation:${key}`;

/** A stored feed entry (a request, an invitation, a mention of me). */
export function desktopNotice(n: AppNotification): DesktopNotice {
  const tag = n.kind === 'mention' ? conversationTag(`g:${n.ref}`) : n.id;
  return { title: notificationText(n), body: '', tag };
}

/** A new message: who (in which group) and what, or only who when previews are off. */
export function messageNotice(alert: MessageAlert, previews: boolean): DesktopNotice {
  const { sender, group, preview, count } = alert;
  const words = preview.kind === 'image' ? notificationsStrings.photo : preview.text;
  return {
    title: group === undefined ? sender : notificationsStrings.inGroup(sender, group),
    body: previews ? words : notificationsStrings.text.message(sender, count),
    tag: conversationTag(alert.key),
  };
}

export function browserAllows(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** Shows it; `onOpen` runs on a click, after the tab is focused. */
export function showDesktopNotice(notice: DesktopNotice, onOpen: () => void): void {
  const shown = new Notification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/favicon.svg',
  });
  shown.onclick = () => {
    window.focus();
    onOpen();
    shown.close();
  };
}

/** A short, quiet two-note chime (no audio file to download). */
export function playChime(): void {
  const Context = typeof AudioContext === 'undefined' ? null : AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    gain.connect(audio.destination);
    [880, 1320].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.12);
      tone.stop(audio.currentTime + i * 0.12 + 0.1);
    });
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No sound is better than a broken alert.
  }
}
