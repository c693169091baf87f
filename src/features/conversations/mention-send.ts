import type { GroupParties } from '../../lib/firebase/conversations-send-write';
import type { OutgoingText } from './outgoing-text';

/**
 * A group send's mentions: only people the message goes to (the admin and current members
 * other than me, without blocks either way or deleted accounts), so neither the mention nor
 * its notification can be refused; anyone else named stays plain text.
 */
export function mentionExtras(parties: GroupParties, input: OutgoingText) {
  if (typeof input === 'string' || !input.mentions?.length) return undefined;
  const recipients = new Set(parties.to);
  const mentions = [...new Set(input.mentions)].filter((uid) => recipients.has(uid));
  if (mentions.length === 0) return undefined;
  return { mentions };
}
