/** Texts of the app shell, its routes and entry points; the spec's are in src/strings/spec.ts. */
export const shellStrings = {
  layout: {
    sidebar: 'Sidebar',
    mainNav: 'Main',
    home: 'Home',
    messages: 'Messages',
    notification: 'Notification',
    settings: 'Settings',
    logout: 'Log out',
    profilePicture: 'Profile picture of',
    checkingSession: 'Checking your session…',
  },
  a11y: {
    skipToContent: 'Skip to main content',
    messageList: 'Conversation messages',
    notifications: 'Notifications',
    backToConversations: 'Conversations',
    /** What the polite live region reads when a message arrives from someone else. */
    incomingMessage: (name: string, text: string) => `${name}: ${text}`,
    incomingPhoto: (name: string) => `${name} sent a photo`,
    /** Tab titles, one per screen: "<screen> · Chatty". */
    titles: {
      home: 'Home',
      messages: 'Messages',
      notification: 'Notifications',
      settings: 'Settings',
      notFound: 'Page not found',
    },
  },
  app: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address.',
    notFoundBack: 'Go to the start page',
    configError: 'The app is not configured correctly',
    errorTitle: 'Something went wrong',
    errorReload: 'Reload the page',
    dataLoadFailed: 'Your conversations could not be loaded. Check your connection and reload.',
    dataLoadReload: 'Reload',
  },
} as const;
