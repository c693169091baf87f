import { paths } from '../../config/paths';
import { directKey, parseConversationKey, type ConversationKey } from '../../lib/conversation-key';
import type { AppNotification } from '../../lib/firebase/notifications/shapes';
import { notificationsStrings } from './notifications-strings';

/** One sentence saying who did what. */
export function notificationText(n: AppNotification): string {
  const group = n.subject ?? '';
  switch (n.kind) {
    case 'friendRequest':
      return notificationsStrings.text.friendRequest(n.actorName);
    case 'friendAccepted':
      return notificationsStrings.text.friendAccepted(n.actorName);
    case 'groupInvite':
      return notificationsStrings.text.groupInvite(n.actorName, group);
    case 'joinRequest':
      return notificationsStrings.text.joinRequest(n.actorName, group);
    case 'joinApproved':
      return notificationsStrings.text.joinApproved(n.actorName, group);
    case 'groupRemoved':
      return notificationsStrings.text.groupRemoved(n.actorName, group);
    case 'mention':
      return notificationsStrings.text.mention(n.actorName, group);
    case 'message':
      return notificationsStrings.text.message(n.actorName, n.count ?? 1);
  }
}

/**
 * Where I act on it: requests and groups are answered on the home dashboard (Friend Request,
 * Group List and My Groups panels); a new friend or a message is talked to on Messages, in
 * that conversation (opening the entry selects it; `view=chat` shows the chat on a phone), at
 * the message when the entry names one.
 */
export function notificationTarget(n: AppNotification): string {
  // A mention opens the group's conversation at the message (MessagesPage reads both).
  if (n.kind === 'mention') {
    const query = new URLSearchParams({ view: 'chat', group: n.ref, message: n.messageId ?? '' });
    return `${paths.messages}?${query.toString()}`;
  }
  if (n.kind === 'message' && n.messageId) return messageTarget(directKey(n.ref), n.messageId);
  return n.kind === 'friendAccepted' || n.kind === 'message'
    ? `${paths.messages}?view=chat`
    : paths.home;
}

/**
 * The messages screen with conversation `key` open at message `messageId`, highlighted
 * (MessagesPage reads `group` or `friend`, and `message`): where a message's notification leads.
 */
export function messageTarget(key: ConversationKey, messageId: string): string {
  const { kind, id } = parseConversationKey(key);
  const query = new URLSearchParams({
    view: 'chat',
    [kind === 'group' ? 'group' : 'friend']: id,
    message: messageId,
  });
  return `${paths.messages}?${query.toString()}`;
}
