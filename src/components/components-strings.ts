/**
 * Texts of the shared components and of several features that share them; the spec's verbatim
 * ones are in src/strings/spec.ts.
 */
export const componentsStrings = {
  form: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  people: {
    cannotReceive: 'This account was deleted. It can no longer receive messages.',
  },
  home: {
    loadMore: 'Load more',
    decline: 'Decline',
    close: 'Close',
    cancel: 'Cancel',
    empty: {
      friends: 'No friends yet. Find people in the User List and press Add.',
    },
  },
  a11y: {
    cancel: 'Cancel',
    /** A panel's count beside its title, as a screen reader says it. */
    panelCount: (n: number) => `, ${String(n)} ${n === 1 ? 'entry' : 'entries'}`,
  },
  app: {
    name: 'Chatty',
    loading: 'Loading…',
  },
} as const;
