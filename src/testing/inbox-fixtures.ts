import type { InboxEntry } from '../lib/firebase/inbox/entry';
import type { FriendRequest } from '../lib/firebase/records';

/** A friendship Mia ('me') accepted from `uid`. */
export const friendshipWith = (uid: string, name: string): FriendRequest => ({
  id: `rel-${uid}`,
  senderId: uid,
  senderName: name,
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
});

/** Bo's 'Hi' of a minute before `now`, unless `fields` say otherwise. */
export const inboxEntryAt =
  (now: number) =>
  (conversationId: string, fields: Partial<InboxEntry> = {}): InboxEntry => ({
    conversationId,
    kind: 'direct',
    unread: 0,
    lastMessageId: 'm1',
    lastSenderId: 'bo',
    lastText: 'Hi',
    lastKind: 'text',
    lastAt: now - 60_000,
    ...fields,
  });
