import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { conversationsStrings } from '../conversations-strings';

/** The quick reactions every chat offers, in this order. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** Who reacted with one emoji, in the order they did. */
export type People = readonly [uid: string, at: number][];

/** Emoji in the order they were first used on the message, so chips never swap places. */
export function reactionChips(
  reactions: ConversationMessage['reactions'],
): { emoji: string; people: People }[] {
  return Object.entries(reactions ?? {})
    .map(([emoji, byUid]) => ({
      emoji,
      people: Object.entries(byUid).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)),
    }))
    .filter((chip) => chip.people.length > 0)
    .sort((a, b) => a.people[0][1] - b.people[0][1] || (a.emoji < b.emoji ? -1 : 1));
}

/** The first line of a text message, 'Photo' for an image. */
export function quoteLine(original: ConversationMessage): string {
  if (original.deleted) return conversationsStrings.messageActions.deleted;
  if (original.image) return conversationsStrings.chatImages.photo;
  return original.text.split('\n', 1)[0] ?? '';
}
