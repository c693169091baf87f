/** Texts of the conversations feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const conversationsStrings = {
  chat: {
    // Not in the spec: the rest of the chat.
    offline: 'Offline',
    lastSeen: (time: string) => `Last seen ${time}`,
    label: 'Chat',
    scroller: 'Messages, scroll with the arrow and page keys',
    pickHint: 'Pick a friend from the Friend List to open your conversation.',
    loading: 'Loading the conversation…',
    sayHello: (name: string) => `No messages yet. Say hello to ${name}!`,
    conversationWith: (name: string) => `Conversation with ${name}`,
    loadOlder: 'Load older messages',
    inputLabel: 'Message',
    inputPlaceholder: 'Type a message',
    send: 'Send',
    emoji: 'Insert an emoji',
    emojiPalette: 'Emoji',
    cameraUnsupported: 'Sending pictures is not supported yet',
    blocking: (name: string) => `You blocked ${name}. Unblock them in Blocked Users to chat again.`,
    blockedBy: (name: string) => `${name} blocked you, so you cannot chat any more.`,
    notFriends: (name: string) => `${name} is not your friend any more, so you cannot chat.`,
    errors: {
      send: 'Could not send the message',
      notFriends: 'you are not friends any more',
      tooLong: (max: number) => `the message is longer than ${max} characters`,
      moved: 'its conversation is no longer open',
      loadOlder: 'Could not load older messages',
      load: 'Could not load the conversation',
      accessLost: 'You can no longer read this conversation',
    },
  },
  // Not in the spec: reading and writing comfort in the chat (issue 9, item 6).
  chatReading: {
    today: 'Today',
    yesterday: 'Yesterday',
    newMessages: 'New messages',
    jumpToLatest: 'Jump to latest',
    newCount: (n: number) => (n === 1 ? '1 new message' : `${String(n)} new messages`),
    counter: (length: number, max: number) =>
      `${length.toLocaleString()} / ${max.toLocaleString()}`,
    overLimit: (over: number, max: number) =>
      `${over.toLocaleString()} ${over === 1 ? 'character' : 'characters'} over the ${max.toLocaleString()}-character limit. Shorten the message to send it.`,
    newLineHint: 'Enter to send, Shift+Enter for a new line',
    loadingOlder: 'Loading older messages…',
  },
  // Not in the spec: the inbox (issue 9): conversation list, totals, Seen, typing, sends.
  inbox: {
    sending: 'Sending',
    sent: 'Sent',
    seen: 'Seen',
    seenBy: (n: number) => `Seen by ${String(n)}`,
    failed: 'Not sent',
    retry: 'Retry',
    delete: 'Delete',
    failedList: 'Messages not sent',
    typing: (name: string) => `${name} is typing…`,
  },
  // Not in the spec: image messages, the lightbox and the emoji picker (issue 10, items 3-5).
  chatImages: {
    attach: 'Send a photo',
    dropHere: 'Drop the photo to send it',
    uploading: 'Uploading…',
    photo: 'Photo',
    open: (caption: string) => (caption ? `Open photo: ${caption}` : 'Open photo'),
    captionLabel: 'Caption (optional)',
    preparing: 'Preparing the photo…',
    sendFailed: 'Could not send the photo',
    errors: {
      notImage: 'That file is not an image. Choose a JPEG, PNG, WebP or GIF picture.',
      tooLarge: (mb: number) => `That image is larger than ${String(mb)} MB. Choose a smaller one.`,
      empty: 'That file is empty.',
      corrupt:
        'That image could not be read. It may be damaged or in a format the browser cannot open.',
      tooDetailed: 'That image stays too large even after compression.',
    },
    lightbox: {
      rotateLeft: 'Rotate left',
      rotateRight: 'Rotate right',
      loading: 'Loading the full image…',
    },
    emojiSearch: 'Search emoji',
  },
  // Not in the spec: group conversations and the rest of membership (issue 10, items 1 and 2).
  groupChat: {
    members: (count: number) => (count === 1 ? '1 member' : `${count} members`),
    conversationIn: (group: string) => `Conversation in ${group}`,
    sayHello: (group: string) => `No messages in ${group} yet. Say hello!`,
    blockedMessage: 'Message from a blocked person',
    show: 'Show',
    noAccess: (group: string) => `You are not a member of ${group} any more.`,
    errors: {
      load: 'Could not load the group conversation',
      notMember: 'You are not a member of this group',
    },
  },
  // Not in the spec: reactions and quotes of message actions (issue 25, items 2 and 3).
  reactions: {
    popover: 'Reactions',
    reactWith: (emoji: string) => `React with ${emoji}`,
    more: 'More emoji',
    chips: 'Reactions',
    chip: (emoji: string, count: number, mine: boolean) =>
      `${emoji} ${String(count)} ${count === 1 ? 'reaction' : 'reactions'}${mine ? ', including yours' : ''}`,
    you: 'You',
    someone: 'Someone',
    errors: {
      react: 'Could not react',
      gone: 'the message is no longer there',
    },
  },
  quotes: {
    label: (author: string) => `Quoted message from ${author}`,
    jumpHint: 'Show the original message',
    you: 'You',
    photo: 'Photo',
    deleted: 'This message was deleted',
    loading: 'Loading the quoted message…',
    failed: 'The quoted message could not be loaded',
    errors: {
      jump: 'Could not show the original message',
      gone: 'it is no longer there',
    },
  },
} as const;
