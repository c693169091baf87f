/** Texts of the inbox feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const inboxStrings = {
  // Not in the spec: the inbox: conversation list, totals, Seen, typing, sends.
  you: (text: string) => `You: ${text}`,
  /** A group's last message by someone else: their first name, then the words. */
  from: (firstName: string, text: string) => `${firstName}: ${text}`,
  /** A last message that is not words (deleted for everyone by its sender). */
  kinds: { image: 'Photo', deleted: 'This message was deleted' },
  /** The row while a reaction to my message is newer than the last message. */
  reacted: (who: string, emoji: string, text: string) => `${who} reacted ${emoji} to "${text}"`,
  reactedToPhoto: (who: string, emoji: string) => `${who} reacted ${emoji} to a photo`,
  unread: (n: number) => (n === 1 ? '1 unread message' : `${String(n)} unread messages`),
  noMessages: 'No messages yet',
  lastMessage: (preview: string, time: string) => `Last message ${time}: ${preview}`,
  /** Mute, archive, pin and drafts. */
  prefs: {
    saveFailed: 'Could not save the change',
    pinLimit: (n: number) => `You can pin up to ${String(n)} conversations`,
    mute: 'Mute',
    muteFor: { '8h': 'For 8 hours', '1w': 'For 1 week', always: 'Always' },
    unmute: 'Unmute',
    muted: 'Muted',
    archive: 'Archive',
    unarchive: 'Unarchive',
    archived: 'Archived',
    pin: 'Pin',
    unpin: 'Unpin',
    pinned: 'Pinned',
    menu: (name: string) => `Options for ${name}`,
    headerMenu: 'Conversation options',
    draft: (text: string) => `Draft: ${text}`,
  },
  offline: "You're offline. Messages you send now go out when the connection is back.",
} as const;
