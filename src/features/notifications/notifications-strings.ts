/** Texts of the notifications feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const notificationsStrings = {
  loading: 'Loading notifications…',
  empty: 'Nothing new. Requests, invitations and messages will show up here.',
  loadFailed: 'Could not load your notifications',
  markAllRead: 'Mark all as read',
  markFailed: 'Could not mark the notifications as read',
  loadMore: 'Show older',
  unread: 'Unread',
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
