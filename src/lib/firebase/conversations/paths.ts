/**
 * The database paths of a conversation's per-person records. A friendship's and a group's live
 * in separate trees (docs/data-model.md), so no path is ever shared by both kinds.
 */
import type { ConversationKind } from '../../conversation-key';

/** My entry (unread count and last message) of a conversation. */
export const inboxEntryPath = (kind: ConversationKind, uid: string, id: string) =>
  `${kind === 'group' ? 'groupInbox' : 'inbox'}/${uid}/${id}`;

/** A conversation's read markers, or one person's with `uid`. */
export const readsPath = (kind: ConversationKind, id: string, uid?: string) =>
  `${kind === 'group' ? 'groupReads' : 'reads'}/${id}${uid === undefined ? '' : `/${uid}`}`;

/** A conversation's image bytes (`{imagesPath}/{imageId}/thumb|full`). */
export const imagesPath = (kind: ConversationKind, id: string) =>
  `${kind === 'group' ? 'groupImages' : 'chatImages'}/${id}`;
