import type { AppDispatch } from '../../../store/store';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { SentMessage } from '../../../lib/firebase/inbox/shapes';
import {
  sendAcked,
  sendFailed,
  sendStarted,
  type OutgoingExtras,
} from './conversations-sending-slice';

/**
 * Keeps a just-sent message as pending until the server stores it, and as failed (with its
 * text and extras, for Retry) when the server refuses it. Resolves or rejects as the send does.
 */
export async function trackSend(
  dispatch: AppDispatch,
  key: ConversationKey,
  text: string,
  sent: SentMessage,
  extras?: OutgoingExtras,
): Promise<void> {
  const kept = extras && keptExtras(extras);
  dispatch(sendStarted({ id: sent.id, key, text, ...(kept ? { extras: kept } : {}) }));
  try {
    // The SentMessage is its own `acked` promise.
    await sent;
    dispatch(sendAcked(sent.id));
  } catch (error) {
    dispatch(sendFailed(sent.id));
    throw error;
  }
}

/** The stored fields of a send's extras (not its extra changes, rebuilt on Retry), if any. */
function keptExtras({ replyTo, forwarded, mentions }: OutgoingExtras): OutgoingExtras | undefined {
  const kept: OutgoingExtras = {};
  if (replyTo) kept.replyTo = replyTo;
  if (forwarded) kept.forwarded = true;
  if (mentions && mentions.length > 0) kept.mentions = [...mentions];
  return Object.keys(kept).length > 0 ? kept : undefined;
}
