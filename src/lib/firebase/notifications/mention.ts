/**
 * The `mention` notifications a group message writes beside itself, one per mentioned person
 * (docs/data-model.md, Message actions and Notifications). Nothing here imports Firebase: the
 * server time is passed in; rules/notifications.ts accepts an entry only in the same update as
 * the message that mentions its recipient.
 */
import { notificationId, type NotificationInput } from './record';

export interface MentionInput {
  groupId: string;
  /** The group's name as `Mygroup/{groupId}/groupName` has it now. */
  groupName: string;
  /** The sender, with their current `users/{uid}/username`. */
  actor: { uid: string; name: string };
  messageId: string;
  /** The mentioned people (the message's `mentions`); the sender is skipped. */
  to: readonly string[];
}

/** `notifications/{uid}/mention_{groupId}_{actorId}` for each mentioned person but the sender. */
export function mentionNotificationChanges(
  { groupId, groupName, actor, messageId, to }: MentionInput,
  now: object,
): Record<string, unknown> {
  const input: NotificationInput = {
    kind: 'mention',
    actorId: actor.uid,
    actorName: actor.name,
    ref: groupId,
    subject: groupName,
    messageId,
  };
  const changes: Record<string, unknown> = {};
  for (const uid of new Set(to)) {
    if (uid === actor.uid) continue;
    changes[`notifications/${uid}/${notificationId(input)}`] = { ...input, at: now, read: false };
  }
  return changes;
}
