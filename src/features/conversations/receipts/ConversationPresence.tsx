import { conversationsStrings } from '../conversations-strings';
import { spec } from '../../../strings/spec';
import { useFriendStatus } from '../../presence';
import { formatMessageTime } from '../message';

/** The chat header's line under the friend's name: whether they are online right now. */
export function ConversationPresence({ uid }: { uid: string }) {
  const status = useFriendStatus(uid);
  // Nothing while loading: a guess would be wrong half the time.
  if (status === undefined) return null;
  const text =
    status === null
      ? conversationsStrings.chat.offline
      : status.state === 'online'
        ? spec.chat.online
        : conversationsStrings.chat.lastSeen(formatMessageTime(status.lastChanged));
  return <p className="text-sm text-slate-500">{text}</p>;
}
