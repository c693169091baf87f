/**
 * Sending: the send thunks, what a send carries (text, reply, mentions), and the pending and
 * failed sends until the server answers.
 */
export {
  failedDismissed,
  selectUploadingWords,
  sendAcked,
  sendStarted,
} from './conversations-sending-slice';
export type { OutgoingMessage } from './conversations-sending-slice';
export { retryMessage, selectFriend, sendMessage } from './conversations-thunks';
export { trackSend } from './track-send';
