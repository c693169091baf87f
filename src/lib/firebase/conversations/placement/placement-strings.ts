/**
 * What a write that waited out a move, or a server that does not answer, says (not in the
 * spec). Kept here, beside the placement modules that throw them, rather than in lib-strings.ts,
 * which the first screen loads.
 */
export const placementStrings = {
  conversationMoving:
    'this conversation is being moved to another server and it is taking too long; try again in a minute',
  instanceUnreachable:
    "this conversation's server has not answered for a minute; check your connection and try again",
} as const;
