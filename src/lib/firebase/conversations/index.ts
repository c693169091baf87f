/**
 * The conversations gateway: what talks to Firebase for conversations (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeDraftsApi } from './drafts';
export type { Draft, Drafts } from './drafts';
export { makeConversationsApi } from './gateway';
export type { ConversationApi, HiddenCover } from './gateway';
export { makeConversationImagesApi } from './images';
export { makeLazyConversationFilesApi } from './files/lazy-gateway';
// Where each conversation lives (docs/scaling.md): the placements every gateway routes by.
export {
  isRefusal,
  listenOn,
  listenPlaced,
  placementsOf,
  reachFollowingMoves,
  writeFollowingMoves,
} from './placement';
export type { Reach, SlotAccess } from './placement';
// The hint that wakes a party whose home is elsewhere (docs/scaling.md, "The hint protocol").
export { announceDirectoryNews, announceSoon } from './placement/hints';
