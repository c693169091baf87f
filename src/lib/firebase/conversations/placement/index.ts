/**
 * Where conversations live and how their clients follow them (docs/scaling.md, "Past one
 * database"): the placements (placements.ts), listeners on a conversation's instance
 * (listen.ts), and writes and listens that follow a move (moves.ts, follow.ts).
 */
export { placementsOf, type Placements } from './placements';
export { listenOn, listenPlaced } from './listen';
export { isRefusal } from './moves';
export {
  reachFollowingMoves,
  refusedForNow,
  writeFollowingMoves,
  withReachFollowingMoves,
} from './follow';
export type { Reach } from './reach';
export type { SlotAccess } from './slot-access';
