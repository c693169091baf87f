/**
 * `notifications/{uid}/{id}` as plain data (docs/data-model.md, Notifications). No Firebase
 * import: features, tests and the demo data share these. The kinds match rules/notifications.ts.
 */

/** Kinds written to the database, each with the action it reports. */
const STORED_KINDS = [
  'friendRequest',
  'friendAccepted',
  'groupInvite',
  'joinRequest',
  'joinApproved',
  'groupRemoved',
  'mention',
] as const;
type StoredKind = (typeof STORED_KINDS)[number];

/** Every kind a person can choose for browser notifications; 'message' comes from the inbox. */
export const NOTIFICATION_KINDS = [...STORED_KINDS, 'message'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  actorId: string;
  actorName: string;
  /** The relationship id (friend kinds, message) or the group id (group kinds). */
  ref: string;
  /** The group's name for group kinds. */
  subject?: string;
  /** `mention`: the group message that mentions me. */
  messageId?: string;
  at: number;
  read: boolean;
  /** New messages: how many are unread in the conversation. */
  count?: number;
  /** New messages: the last one's words, or its kind when it has none. */
  preview?: { text: string; kind: string };
}

/** What one action writes beside itself, before the server time is filled in. */
export interface NotificationInput {
  kind: StoredKind;
  actorId: string;
  actorName: string;
  ref: string;
  subject?: string;
  /** `mention` only: the message that mentions the recipient. */
  messageId?: string;
}

/**
 * The id of the entry an action writes: the action's own key, so one action writes at most one
 * entry per recipient, and doing it again replaces the older one (rules/notifications.ts).
 */
export const notificationId = ({ kind, ref, actorId }: NotificationInput) =>
  `${kind}_${ref}_${actorId}`;

const isStoredKind = (kind: unknown): kind is StoredKind =>
  typeof kind === 'string' && (STORED_KINDS as readonly string[]).includes(kind);

export function parseNotification(id: string, value: unknown): AppNotification | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isStoredKind(v.kind)) return null;
  if (typeof v.actorId !== 'string' || typeof v.actorName !== 'string') return null;
  if (typeof v.ref !== 'string' || typeof v.at !== 'number') return null;
  // A mention opens its message: without one it cannot be shown.
  if (v.kind === 'mention' && typeof v.messageId !== 'string') return null;
  return {
    id,
    kind: v.kind,
    actorId: v.actorId,
    actorName: v.actorName,
    ref: v.ref,
    ...(typeof v.subject === 'string' ? { subject: v.subject } : {}),
    ...(v.kind === 'mention' ? { messageId: v.messageId as string } : {}),
    at: v.at,
    read: v.read === true,
  };
}

/** Newest first; ties (same server millisecond) by id, which grows with time too. */
export function newestFirst(a: AppNotification, b: AppNotification): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
