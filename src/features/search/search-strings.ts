/** The texts of message search. */
export const searchStrings = {
  field: 'Search messages',
  shortcutHint: (mac: boolean) => (mac ? '⌘K' : 'Ctrl+K'),
  panel: {
    title: 'Search messages',
    close: 'Close search',
    filters: 'Filters',
    inConversation: 'In conversation',
    anyConversation: 'All conversations',
    fromPerson: 'From',
    anyone: 'Anyone',
    withPhotos: 'With photos',
    after: 'From date',
    before: 'To date',
    conversations: 'Conversations',
    results: 'Results',
    empty: (query: string) => `No messages match “${query}”.`,
    emptyNames: (query: string) => `No conversation names start with “${query}”.`,
    hint: 'Type to search every message you can read. Use "quotes" for a phrase.',
    opening: 'Opening the search index…',
    failed: 'Search is not available in this browser.',
    photo: 'Photo',
  },
  progress: {
    /** `total` is estimated until every history is read (search-estimate.ts), hence 'about'. */
    indexing: (done: number, total: number) =>
      `Indexing ${done.toLocaleString('en-US')} of about ${total.toLocaleString('en-US')} messages`,
    paused: 'Paused',
    pause: 'Pause indexing',
    resume: 'Resume indexing',
  },
  find: {
    label: 'Find in conversation',
    field: 'Find in conversation',
    next: 'Next match',
    previous: 'Previous match',
    close: 'Close find',
    count: (n: number, m: number) => `${n} of ${m}`,
    none: 'No matches',
  },
} as const;
