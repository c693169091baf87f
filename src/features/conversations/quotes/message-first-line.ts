import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';
import { encryptionStrings } from '../../encryption';

/**
 * A message in one line: its first line of text, or 'Photo' (with its caption) for a photo; never
 * the words of one not from its people's devices (docs/security/e2ee.md).
 */
export function firstLine(message: ConversationMessage): string {
  if (message.alert === 'not-encrypted') return encryptionStrings.sealed.notEncrypted;
  const text = message.image ? message.image.caption : message.text;
  const line = text.split('\n', 1)[0] ?? '';
  if (!message.image) return line;
  return line
    ? `${conversationsStrings.chatImages.photo}: ${line}`
    : conversationsStrings.chatImages.photo;
}
