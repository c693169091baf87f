/** Texts of the directory feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const directoryStrings = {
  searchLabel: 'Search users by name',
  searchPlaceholder: 'Search by name',
  clearSearch: 'Clear search',
  empty: {
    users: 'Nobody else is here yet. Invite a friend to sign up.',
    usersSearch: (q: string) => `Nobody's name starts with "${q}". Try fewer letters.`,
  },
} as const;
