/**
 * New messages as desktop notifications see them: one per message, 1:1 and group,
 * read from my inbox (the entries the conversation list shows, so what it shows they tell).
 */
import type { RootState } from '../../store/store';
import { parseConversationKey, type ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/shapes';
import { selectFriendRows, selectMyUid } from '../friends';
import { selectGroup, selectMyGroupIds, selectRoster } from '../groups';
import { selectMutedKeys } from '../inbox';
import { selectDisplayName } from '../profiles';
import { selectConversationKey, selectLoadedOnScreen } from '../conversations';

export interface MessageAlert {
  /** `{key}:{messageId}`: each message is news once. */
  id: string;
  key: ConversationKey;
  messageId: string;
  /** The sender's current name. */
  sender: string;
  /** A group's name; absent for a 1:1 conversation. */
  group?: string;
  /** The words, or the kind of message when it has none ('image'). */
  preview: { text: string; kind: string };
  /** My unread messages there. */
  count: number;
  muted: boolean;
}

/** What makes an entry's message news: its conversation and the message itself. */
export const messageAlertId = (key: ConversationKey, messageId: string) => `${key}:${messageId}`;

/** The ids of my inbox's last messages now (all known when the inbox first loads). */
export function inboxMessageIds(entries: Partial<Record<ConversationKey, InboxEntry>>): string[] {
  return (Object.keys(entries) as ConversationKey[]).flatMap((key) => {
    const entry = entries[key];
    return entry ? [messageAlertId(key, entry.lastMessageId)] : [];
  });
}

function groupSenderName(state: RootState, groupId: string, uid: string): string {
  const group = selectGroup(state, groupId);
  const copied =
    group?.adminId === uid
      ? group.adminName
      : (selectRoster(state, groupId)?.find((m) => m.uid === uid)?.username ?? '');
  return selectDisplayName(state, uid, copied);
}

/**
 * Conversation `key`'s last message as an alert, or null when it is no news to me: mine, read
 * already (on another device of mine), deleted, not from its sender's devices, or in a
 * conversation I no longer have (a former friend, a group I left).
 */
export function messageAlertOf(
  state: RootState,
  key: ConversationKey,
  entry: InboxEntry,
): MessageAlert | null {
  if (entry.unread <= 0 || entry.lastKind === 'deleted') return null;
  // Clear text not from its sender's devices (the inbox checks entries) is no news from them.
  if (entry.alert === 'not-encrypted') return null;
  if (entry.lastSenderId === selectMyUid(state)) return null;
  const { kind, id } = parseConversationKey(key);
  const base = {
    id: messageAlertId(key, entry.lastMessageId),
    key,
    messageId: entry.lastMessageId,
    preview: { text: entry.lastText, kind: entry.lastKind },
    count: entry.unread,
    muted: selectMutedKeys(state).has(key),
  };
  if (kind === 'direct') {
    const row = selectFriendRows(state).find((r) => r.friendship.id === id);
    if (!row || row.friend.uid !== entry.lastSenderId) return null;
    return { ...base, sender: selectDisplayName(state, row.friend.uid, row.friend.name) };
  }
  const group = selectGroup(state, id);
  if (!group || !selectMyGroupIds(state).includes(id)) return null;
  const sender = groupSenderName(state, id, entry.lastSenderId);
  return { ...base, sender, group: group.groupName };
}

/** The conversation `key` is on my screen now: open, shown, loaded, in a visible tab. */
export const selectLookingAt = (state: RootState, key: ConversationKey): boolean =>
  selectConversationKey(state) === key && selectLoadedOnScreen(state);
