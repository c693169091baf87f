/** Texts of the friends feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const friendsStrings = {
  home: {
    sentYouARequest: 'Wants to connect',
    youBlocked: 'Blocked by you',
    empty: {
      requests: 'No requests right now. When someone adds you, it shows up here.',
      blocked: 'You have not blocked anyone. Block a friend from the Friend List.',
    },
  },
  a11y: {
    blockTitle: (name: string) => `Block ${name}?`,
    blockBody: (name: string) =>
      `${name} leaves your Friend List and your conversation ends for both of you: neither can send the other a message. You can unblock ${name} later under Blocked Users.`,
    blockConfirm: 'Block',
    /** The '⋯' button of a conversation row, and its menu. */
    rowMenu: (name: string) => `More actions for ${name}`,
  },
} as const;
