/**
 * Every user-visible text of the product, in one place. The spec's wording is the contract:
 * the strings marked "spec" are verbatim, typos included ('Emile', 'panding', 'membar', ...).
 */
export const strings = {
  validation: {
    loginEmailRequired: 'Emile is empty', // spec
    registerEmailRequired: 'Email does not exist', // spec
    emailInvalid: 'Type a valid email', // spec
    passwordRequired: 'Password is empty', // spec
    passwordMin: 'at least 8 character', // spec
    passwordUpper: 'at least one upper case', // spec
    passwordLower: 'at least one lower case', // spec
    passwordDigit: 'at least one number', // spec
    nameRequired: 'name is required', // spec
    nameLength: 'Name must be between 2-16 character long', // spec (the rule is 2-15)
    nameStart: 'Must be start with a letter', // spec
    nameChars: 'only later number & underscore are valid', // spec
    resetEmailRequired: 'Entire a Valid email', // spec
  },
  toast: {
    loginSuccess: 'You are logged in Successfully', // spec
    emailNotVerified: 'Email is not verified', // spec
    invalidCredential: 'Invalid Email or Password', // spec
    verificationSent1: 'Verification email send', // spec
    verificationSent2: 'Email Verification send', // spec
    accountCreated: 'New Account Created', // spec
    loginFailed: 'Login failed', // spec
  },
  auth: {
    signUp: 'Sign up', // spec
    loginWithGoogle: 'Login with Google', // spec
    forgetPassword: 'Forget Password?', // spec
    sendResetEmail: 'Send a Reset Email', // spec
    backToLogin: 'Back to login', // spec
    loginToContinue: 'Login to Continue', // spec
    // Not in the spec: headings, labels and hints of the account screens.
    registerForm: 'Registration',
    loginForm: 'Login',
    registerTitle: 'Create your account',
    registerSubtitle: 'Sign up free and start chatting with your friends.',
    loginTitle: 'Welcome back',
    loginSubtitle: 'Log in to pick up your conversations where you left them.',
    resetTitle: 'Reset your password',
    resetSubtitle: 'Type the e-mail of your account and we will send you a reset link.',
    emailLabel: 'Email address',
    fullNameLabel: 'Full name',
    passwordLabel: 'Password',
    emailPlaceholder: 'you@example.com',
    fullNamePlaceholder: 'e.g. Sarah_Lee',
    passwordPlaceholder: 'At least 8 characters',
    orDivider: 'or',
    haveAccount: 'Already have an account?',
    noAccount: 'Don’t have an account?',
    signIn: 'Sign in',
    resetSent: 'A password reset e-mail is on its way if that address has an account.',
    heroTitle: 'Chat with the people who matter.',
    heroBody: 'Find friends, make groups and keep every conversation in one place.',
    heroPoints: ['Friend requests in a tap', 'Groups for every circle', 'Messages in real time'],
  },
  form: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
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
  people: {
    // Not in the spec: a person whose account was deleted (their users/{uid} record is gone).
    deletedAccount: 'Deleted account',
    cannotReceive: 'This account was deleted. It can no longer receive messages.',
  },
  relation: {
    add: 'Add', // spec
    pending: 'panding', // spec
    friend: 'Friend', // spec
    block: 'Block', // spec
    unblock: 'Unblock', // spec
    blocked: 'Blocked', // spec
    accept: 'Accept', // spec
  },
  panels: {
    groupList: 'Group List', // spec
    friendList: 'Friend List', // spec
    userList: 'User List', // spec
    friendRequest: 'Friend Request', // spec
    myGroups: 'My Groups', // spec
    blockedUsers: 'Blocked Users', // spec
    addMember: 'Add membar', // spec
  },
  profile: {
    changePicture: 'Change your profile picture', // spec
    upload: 'Upload', // spec
    // Not in the spec: the rest of the picture popup.
    choose: 'Choose a picture',
    chooseAnother: 'Choose another picture',
    fileHint: 'PNG, JPEG, WebP or GIF, up to 5 MB.',
    fileLabel: 'Picture file',
    cropArea: 'Crop area',
    cropHint: 'Choose a picture, then drag the square to frame your face.',
    preview: 'Preview',
    uploaded: 'Your profile picture is updated',
    errors: {
      notImage: 'That file is not a picture. Choose a PNG, JPEG, WebP or GIF.',
      empty: 'That file is empty. Choose another picture.',
      tooLarge: (mb: number) => `That picture is larger than ${mb} MB. Choose a smaller one.`,
      unreadable: 'That picture could not be opened. Try another file.',
      upload: 'Could not upload the picture',
      stillTooLarge: 'the cropped picture stays too large; try a simpler picture',
      notReady: 'the picture is not ready yet',
    },
  },
  chat: {
    selectFriend: 'Select a friend', // spec
    online: 'Online', // spec
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
    you: (text: string) => `You: ${text}`,
    /** A group's last message by someone else: their first name, then the words. */
    from: (firstName: string, text: string) => `${firstName}: ${text}`,
    kinds: { image: 'Photo' } as Record<string, string>,
    unread: (n: number) => (n === 1 ? '1 unread message' : `${String(n)} unread messages`),
    noMessages: 'No messages yet',
    lastMessage: (preview: string, time: string) => `Last message ${time}: ${preview}`,
    sending: 'Sending',
    sent: 'Sent',
    seen: 'Seen',
    seenBy: (n: number) => `Seen by ${String(n)}`,
    failed: 'Not sent',
    retry: 'Retry',
    delete: 'Delete',
    failedList: 'Messages not sent',
    typing: (name: string) => `${name} is typing…`,
    offline: "You're offline. Messages you send now go out when the connection is back.",
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
  placeholders: {
    notification: 'Notification', // spec
    settings: 'Settings', // spec
  },
  notifications: {
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
      message: (who: string, n: number) =>
        n === 1 ? `New message from ${who}` : `${String(n)} new messages from ${who}`,
    },
    kinds: {
      friendRequest: 'Friend requests',
      friendAccepted: 'Accepted requests',
      groupInvite: 'Group invitations',
      joinRequest: 'Requests to join my groups',
      joinApproved: 'Approved join requests',
      groupRemoved: 'Removals from groups',
      message: 'New messages',
    },
  },
  settings: {
    saved: 'Saved',
    saveFailed: 'Could not save. Your previous setting is kept.',
    loadFailed: 'Could not load your settings',
    privacy: 'Privacy',
    showPresence: 'Show my online status and last seen',
    readReceipts: 'Send read receipts',
    friendRequests: 'Who may send me friend requests',
    everyone: 'Everyone',
    nobody: 'Nobody',
    profile: 'Profile',
    displayName: 'Display name',
    saveName: 'Save name',
    nameSaved: 'Your name is changed',
    changePicture: 'Change profile picture',
    account: 'Account',
    email: 'E-mail',
    verified: 'Verified',
    notVerified: 'Not verified',
    resend: 'Resend verification e-mail',
    resent: 'Verification e-mail sent',
    resendFailed: 'Could not send the verification e-mail',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Your password is changed',
    currentPasswordRequired: 'Enter your current password',
    wrongPassword: 'The current password is wrong',
    tooManyAttempts: 'Too many attempts. Try again later.',
    network: 'No connection. Nothing was changed; try again.',
    notificationsSection: 'Notifications',
    browserNotifications: 'Browser notifications',
    browserDenied: 'The browser blocks notifications for this site; allow them in its settings.',
    browserUnsupported: 'This browser cannot show notifications.',
    kinds: 'Notify me about',
    deleteAccount: 'Delete account',
    deletePassword: 'Password, to delete the account',
    deleteConfirmTitle: 'Delete your account?',
    deleteConfirmBody:
      'Your profile, picture, requests, group places, inbox, settings and notifications are removed for good. Your friends keep your conversations, without your name.',
    deleteConfirm: 'Delete for good',
    cancel: 'Cancel',
  },
  // Not in the spec: group conversations and the rest of membership (issue 10, items 1 and 2).
  groupChat: {
    open: (group: string) => `Open the chat of ${group}`,
    members: (count: number) => (count === 1 ? '1 member' : `${count} members`),
    conversationIn: (group: string) => `Conversation in ${group}`,
    sayHello: (group: string) => `No messages in ${group} yet. Say hello!`,
    blockedMessage: 'Message from a blocked person',
    show: 'Show',
    noAccess: (group: string) => `You are not a member of ${group} any more.`,
    leave: 'Leave',
    leaveTitle: (group: string) => `Leave ${group}?`,
    leaveBody: 'You will no longer see its members or its conversation.',
    leaveConfirm: 'Leave group',
    cancelRequest: 'Cancel request',
    remove: 'Remove',
    rename: 'Rename',
    renameTitle: (group: string) => `Rename ${group}`,
    save: 'Save',
    errors: {
      load: 'Could not load the group conversation',
      send: 'Could not send the message',
      leave: 'Could not leave the group',
      rename: 'Could not rename the group',
      notMember: 'You are not a member of this group',
    },
  },
  home: {
    searchLabel: 'Search users by name',
    searchPlaceholder: 'Search by name',
    clearSearch: 'Clear search',
    loadMore: 'Load more',
    retry: 'Try again',
    decline: 'Decline',
    requested: 'Requested',
    invited: 'Invited',
    invite: 'Invite',
    member: 'Member',
    approve: 'Approve',
    you: 'You',
    admin: 'Admin',
    close: 'Close',
    cancel: 'Cancel',
    sentYouARequest: 'Wants to connect',
    youBlocked: 'Blocked by you',
    invitedYou: 'You are invited',
    askedToJoin: 'Waiting for the admin',
    createdBy: (name: string) => `by ${name}`,
    members: (count: number) => (count === 1 ? '1 member' : `${count} members`),
    wantsToJoin: 'asks to join',
    createGroupTitle: 'Create a group',
    createGroupButton: 'Create group',
    createGroupLabel: 'Create a group',
    groupName: 'Group name',
    groupNamePlaceholder: 'e.g. Weekend hikers',
    groupTag: 'Tag line',
    groupTagPlaceholder: 'e.g. Up a hill every Saturday',
    groupCreated: 'Group created',
    addMemberTitle: (group: string) => `Add members to ${group}`,
    addMemberHint: 'Invite your friends. They join when they accept.',
    joinRequestSent: 'Request sent: the admin will approve it',
    empty: {
      users: 'Nobody else is here yet. Invite a friend to sign up.',
      usersSearch: (q: string) => `Nobody's name starts with "${q}". Try fewer letters.`,
      friends: 'No friends yet. Find people in the User List and press Add.',
      requests: 'No requests right now. When someone adds you, it shows up here.',
      blocked: 'You have not blocked anyone. Block a friend from the Friend List.',
      myGroups: 'You have no groups yet. Press + to create one.',
      groupList: 'No groups by others yet. New groups show up here.',
      friendsToInvite: 'Only friends can be invited. Add friends first.',
    },
    validation: {
      groupNameRequired: 'Give the group a name',
      groupNameLength: 'The name must be 2 to 30 characters',
      groupTagRequired: 'Give the group a tag line',
      groupTagLength: 'The tag line must be 2 to 60 characters',
    },
    errors: {
      loadFailed: 'Could not load this list',
      permissionDenied: 'the database refused the change (it may be out of date; try again)',
      profileMissing: 'your profile is still loading',
      sendRequest: 'Could not send the friend request',
      accept: 'Could not accept the request',
      decline: 'Could not decline the request',
      block: 'Could not block',
      unblock: 'Could not unblock',
      createGroup: 'Could not create the group',
      invite: 'Could not invite',
      join: 'Could not join the group',
      changedMeanwhile: 'your place in this group changed just now; look at the row and try again',
      approve: 'Could not approve',
      removeMember: 'Could not update the membership',
    },
  },
  a11y: {
    skipToContent: 'Skip to main content',
    blockTitle: (name: string) => `Block ${name}?`,
    blockBody: (name: string) =>
      `${name} leaves your Friend List and your conversation ends for both of you: neither can send the other a message. You can unblock ${name} later under Blocked Users.`,
    blockConfirm: 'Block',
    cancel: 'Cancel',
    messageList: 'Conversation messages',
    notifications: 'Notifications',
    backToConversations: 'Conversations',
    /** A panel's count beside its title, as a screen reader says it. */
    panelCount: (n: number) => `, ${String(n)} ${n === 1 ? 'entry' : 'entries'}`,
    /** The '⋯' button of a conversation row, and its menu. */
    rowMenu: (name: string) => `More actions for ${name}`,
    /** What the polite live region reads when a message arrives from someone else. */
    incomingMessage: (name: string, text: string) => `${name}: ${text}`,
    incomingPhoto: (name: string) => `${name} sent a photo`,
    /** Tab titles, one per screen: "<screen> · Chatty". */
    titles: {
      register: 'Sign up',
      login: 'Log in',
      home: 'Home',
      messages: 'Messages',
      notification: 'Notifications',
      settings: 'Settings',
      notFound: 'Page not found',
    },
  },
  app: {
    name: 'Chatty',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address.',
    notFoundBack: 'Go to the start page',
    loading: 'Loading…',
    configError: 'The app is not configured correctly',
    errorTitle: 'Something went wrong',
    errorReload: 'Reload the page',
    errorUnknown: 'Unknown error',
  },
} as const;
