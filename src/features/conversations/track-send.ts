import type { AppDispatch } from '../../store/store';
import type { ConversationKey } from '../../lib/conversation-key';
import type { SentMessage } from '../../lib/firebase/inbox-entry';
import { sendAcked, sendFailed, sendStarted } from './conversations-sending-slice';

/**
 * Keeps a just-sent message as pending until the server stores it, and as failed (with its
 * text, for Retry) when the server refuses it. Resolves or rejects as the send does.
 */
export async function trackSend(
  dispatch: AppDispatch,
  key: ConversationKey,
  text: string,
  sent: SentMessage,
): Promise<void> {
  dispatch(sendStarted({ id: sent.id, key, text }));
  try {
    // The SentMessage is its own `acked` promise.
    await sent;
    dispatch(sendAcked(sent.id));
  } catch (error) {
    dispatch(sendFailed(sent.id));
    throw error;
  }
}
