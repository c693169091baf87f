import type { GroupParties, SendExtras } from '../../../lib/firebase/conversations/shapes';
import { mentionNotificationChanges } from '../../../lib/firebase/notifications/shapes';
import type { OutgoingText } from './outgoing-text';

/**
 * A group send's mentions and, in the same update, each mentioned person's notification
 * ('Alice mentioned you in Hiking club'). Only people the message goes to may be mentioned
 * (the admin and current members other than me, without blocks either way or deleted
 * accounts), so neither the mention nor its notification can be refused; anyone else named
 * stays plain text. Without the group's name (its record not read yet) the mentions go
 * without notifications rather than hold the message up.
 */
export function mentionExtras(
  parties: GroupParties,
  input: OutgoingText,
  groupName: string | undefined,
): SendExtras | undefined {
  if (typeof input === 'string' || !input.mentions?.length) return undefined;
  const recipients = new Set(parties.to);
  const mentions = [...new Set(input.mentions)].filter((uid) => recipients.has(uid));
  if (mentions.length === 0) return undefined;
  if (groupName === undefined) return { mentions };
  return {
    mentions,
    extraChanges: (messageId, server) =>
      mentionNotificationChanges(
        { groupId: parties.groupId, groupName, actor: parties.from, messageId, to: mentions },
        server.now,
      ),
  };
}
