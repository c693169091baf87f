/**
 * The friend's reply in the chat bench written as the friend's app sends it (BENCH_CHAT_REPLY=send):
 * the app's own send update (the message with both inbox entries, my count + 1) on the
 * conversation's instance, then, when that is not my home, the hint on my home
 * (docs/scaling.md, "The hint protocol"). Admin writes, with the server values the SDK sends.
 */
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { dbRest, type AdminTarget } from '../stack/admin';
import type { ChatWith } from './chat-seed';
import type { Person } from './seed';

const server = { now: { '.sv': 'timestamp' }, plusOne: { '.sv': { increment: 1 } } };

export async function replyAsSent(
  /** My home (the directory: the bench's measuring person lives there). */
  home: AdminTarget,
  /** The conversation's instance. */
  there: AdminTarget,
  { chat, me, id, text }: { chat: ChatWith; me: Person; id: string; text: string },
): Promise<void> {
  const parties = {
    conversationId: chat.conversationId,
    from: { uid: chat.friend.uid, name: chat.friend.username },
    to: { uid: me.uid, name: me.username },
  };
  await dbRest(there, 'PATCH', '/', directSendWrite(parties, id, text, server));
  if (there !== home) {
    await dbRest(home, 'PUT', `hints/${me.uid}/d:${chat.conversationId}`, { at: server.now });
  }
}
