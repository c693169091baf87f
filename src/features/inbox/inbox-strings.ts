/** Texts of the inbox feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const inboxStrings = {
  // Not in the spec: the inbox (issue 9): conversation list, totals, Seen, typing, sends.
  you: (text: string) => `You: ${text}`,
  /** A group's last message by someone else: their first name, then the words. */
  from: (firstName: string, text: string) => `${firstName}: ${text}`,
  /** A last message that is not words (issue 25: deleted for everyone by its sender). */
  kinds: { image: 'Photo', deleted: 'This message was deleted' },
  unread: (n: number) => (n === 1 ? '1 unread message' : `${String(n)} unread messages`),
  noMessages: 'No messages yet',
  lastMessage: (preview: string, time: string) => `Last message ${time}: ${preview}`,
  offline: "You're offline. Messages you send now go out when the connection is back.",
} as const;
