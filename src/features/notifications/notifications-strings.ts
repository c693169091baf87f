/** Texts of the notifications feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const notificationsStrings = {
  loading: 'Loading notifications…',
  empty: 'Nothing new. Requests, invitations and messages will show up here.',
  loadFailed: 'Could not load your notifications',
  markAllRead: 'Mark all as read',
  markFailed: 'Could not mark the notifications as read',
  loadMore: 'Show older',
  unread: 'Unread',
  mentionedHere: 'You were mentioned',
  /** Desktop notifications. */
  photo: 'Photo',
  /** A group message's title: who wrote and where. */
  inGroup: (who: string, group: string) => `${who} in ${group}`,
  prompt: {
    title: 'Never miss a message',
    body: 'A message came while Chatty was in another tab. Turn on desktop notifications to see new messages there.',
    turnOn: 'Turn on',
    notNow: 'Not now',
    denied:
      'The browser blocks notifications for this site. To allow them, click the icon left of the address bar, set Notifications to Allow, then turn them on in Settings.',
  },
  navCount: (n: number) =>
    n === 1 ? '1 unread notification' : `${String(n)} unread notifications`,
  text: {
    friendRequest: (who: string) => `${who} sent you a friend request`,
    friendAccepted: (who: string) => `${who} accepted your friend request`,
    groupInvite: (who: string, group: string) => `${who} invited you to the group ${group}`,
    joinRequest: (who: string, group: string) => `${who} asked to join your group ${group}`,
    joinApproved: (who: string, group: string) => `${who} let you into the group ${group}`,
    groupRemoved: (who: string, group: string) => `${who} removed you from the group ${group}`,
    mention: (who: string, group: string) => `${who} mentioned you in ${group}`,
    message: (who: string, n: number) =>
      n === 1 ? `New message from ${who}` : `${String(n)} new messages from ${who}`,
  },
} as const;
