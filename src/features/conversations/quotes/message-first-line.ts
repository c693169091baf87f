import type { ChatMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';

/** A message in one line: its first line of text, or 'Photo' (with its caption) for a photo. */
export function firstLine(message: ChatMessage): string {
  const text = message.image ? message.image.caption : message.text;
  const line = text.split('\n', 1)[0] ?? '';
  if (!message.image) return line;
  return line
    ? `${conversationsStrings.chatImages.photo}: ${line}`
    : conversationsStrings.chatImages.photo;
}
