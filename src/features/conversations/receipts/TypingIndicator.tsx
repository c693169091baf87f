import { conversationsStrings } from '../conversations-strings';

/** '{name} is typing…', in the chat header (see useFriendTyping for when). */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <p role="status" className="truncate text-sm font-medium italic text-brand-600">
      {conversationsStrings.inbox.typing(name)}
    </p>
  );
}
