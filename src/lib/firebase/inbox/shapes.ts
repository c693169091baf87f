/**
 * The inbox data as stored: shapes, parsers of untrusted snapshots, paths and pure write
 * builders. Never loads the Firebase SDK (architecture:check), so a first screen may import it.
 */
export { asSentMessage, previewOf, shownLast, totalUnread } from './entry';
export type { InboxEntry, InboxKind, InboxLast, ReadMarker, SentMessage } from './entry';
export { EMPTY_PREFS, PIN_LIMIT, isMuted } from './prefs-record';
export type { ConversationPrefs, InboxPrefs, MutedUntil } from './prefs-record';
