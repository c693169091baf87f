/**
 * What a write that waited out a move says (not in the spec). Kept here, beside the one module
 * that uses it, rather than in lib-strings.ts, which the first screen loads.
 */
export const placementStrings = {
  conversationMoving:
    'this conversation is being moved to another server and it is taking too long; try again in a minute',
} as const;
