/**
 * The conversations data as stored: shapes, parsers of untrusted snapshots, paths and pure write
 * builders. Never loads the Firebase SDK (architecture:check), so a first screen may import it.
 */
export { makeConversationCrypto } from './crypto';
export type { ConversationCrypto } from './crypto';
export { makeSeenLedger } from './integrity/seen-ledger';
export { indexedDbLedgerStore } from './integrity/seen-ledger-idb';
export type { MessageImageInfo, MessageImageUpload } from './image-message';
export {
  chunkCount,
  fileNameOf,
  FILE_MAX_BYTES,
  VOICE_LEVELS,
  VOICE_MAX_MS,
} from './files/file-message';
export type { FileDescriptor, FileKind } from './files/file-message';
export { MESSAGE_MAX_LENGTH, compareMessages } from './message';
export type { ConversationMessage } from './message';
export { openInOrder } from './open';
export { storedMessage } from './location';
export { inboxEntryPath, readsPath } from './paths';
export type { CryptoNow } from './sealing';
export type { GroupParties, MessageParties, SendExtras } from './send-write';
export { TypingThrottle } from './typing';
export { chooseHome, placementWrite } from './placement/shapes';
export {
  connectInstances,
  CONNECTION_TIMES_KEY,
  type ConnectionTimes,
} from './placement/connectors';
