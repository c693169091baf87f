/** The encryption feature's words; the spec has none of its own here. */
export const encryptionStrings = {
  devicesTitle: 'Your devices',
  devicesIntro:
    'Each browser where you sign in has its own encryption key. Remove a device you no longer use: new messages will not be readable there.',
  thisDevice: 'This device',
  notApproved: 'Not approved',
  notApprovedTitle:
    'Not signed by your identity key: it gets no new messages. Approve it from the notice if it is yours; otherwise remove it.',
  lastUsed: (when: string) => `Last used ${when}`,
  /** A device whose label is not known yet (its first start since migration 003 is to come). */
  deviceName: (label: string) => label || 'Browser',
  remove: 'Remove',
  removeLabel: (label: string) => `Remove ${label}`,
  removeFailed: 'The device could not be removed. Check your connection and try again.',
  unavailable:
    'This browser cannot keep encryption keys (private window or storage turned off), so it is not listed as a device.',
  loading: 'Loading your devices…',
  /** A message, preview or photo whose words did not open here (docs/security/e2ee.md). */
  sealed: {
    noKey: 'Encrypted on another device',
    failed: 'This message could not be decrypted',
    notEncrypted: 'Not encrypted',
    notEncryptedTitle: 'Sent before end-to-end encryption, or from a browser that keeps no keys',
    // What a reader found wrong with a message (docs/security/e2ee.md, "What the reader checks").
    notFromDevices: (name: string) =>
      `Not encrypted: this message did not come from ${name}'s devices`,
    notFromMyDevices: 'Not encrypted: this message did not come from your devices',
    showWords: 'Show its words',
    redated: (sent: string, stored: string) =>
      `Sealed at ${sent}, but the server dates it ${stored}: its time was changed`,
    rolledBack:
      'The server put back an older version of this message than this device has already shown',
    unconfirmedDelete: (name: string) => `Deleted on the server, not by ${name}'s devices`,
    unconfirmedDeleteMine: 'Deleted on the server, not by your devices',
    olderSeal:
      'Encrypted in an older format: its words are checked, its reply, forward mark and time are not',
  },

  // The one-line notice bar's chevron, when its words are cut.
  moreDetail: 'Show the whole notice',
  lessDetail: 'Show less',

  // The recovery key.
  saveRecoveryTitle: 'Save your recovery key',
  saveRecoveryIntro:
    'With this key you can read your older messages on a new device when none of your devices is at hand. Write it down or keep it in a password manager: it is shown only now, and nobody, us included, can show it again.',
  recoveryKeyLabel: 'Your recovery key',
  copy: 'Copy',
  copied: 'Copied',
  savedIt: 'I saved it',
  later: 'Later',
  makingKey: 'Making your recovery key…',
  saveFailed: 'The recovery key could not be prepared. Check your connection and try again.',
  reminder: 'Your recovery key is not saved yet. Without it, a lost device can mean lost messages.',
  reminderAction: 'Save your recovery key',
  reminderShort: 'Recovery key not saved.',
  /** The reminder's button on a phone, where the whole label would push the words out. */
  reminderActionShort: 'Save key',

  // A new device.
  approvePrompt: 'A new device signed in: approve?',
  approveShort: 'New device: approve?',
  approveDetail: (label: string) =>
    `${label} signed in to your account. Approve it only if it is yours: it will read your older messages.`,
  approve: 'Approve',
  notNow: 'Not now',
  approved: (label: string) => `${label} is approved and can read your older messages.`,
  approveFailed: 'The device could not be approved. Check your connection and try again.',
  waitingApproval:
    'Your older messages are encrypted on your other devices. Approve this device from one of them, or enter your recovery key.',
  waitingLead: 'Older messages are locked here.',
  waitingShort: 'Messages locked.',
  enterRecovery: 'Enter recovery key',
  enterRecoveryIntro:
    'Type the 56 letters and digits of your recovery key (spaces and case do not matter).',
  restore: 'Unlock older messages',
  restored: 'Your older messages can now be read on this device.',
  recoveryRefused: {
    'not-a-key': 'That is not a recovery key: check the 56 letters and digits.',
    'wrong-key': 'This recovery key does not open your backup. Check it, or use your latest key.',
    'no-backup':
      'Your account has no key backup yet: approve this device from another one instead.',
  },
  restoreFailed: 'Your older messages could not be unlocked. Check your connection and try again.',

  // Verification.
  verify: 'Verify security code',
  verifyShort: 'Verify',
  verifyIntro: (name: string) =>
    `Compare these numbers with the ones on ${name}'s screen, in person or on a call you trust. If they match, your messages reach only the devices ${name} approved, and nobody else's.`,
  codeLabel: (name: string) => `Security code with ${name}`,
  computing: 'Working out the security code…',
  markVerified: 'Mark as verified',
  unmarkVerified: 'Clear verification',
  verifiedBadge: 'Verified',
  codeUnavailable: (name: string) =>
    `${name} has no encryption identity yet, so there is no security code to compare.`,
  codeChanged: (name: string) => `${name}'s security code changed`,
  codeChangedDetail:
    'Their identity key is new: a reset, or someone else. New messages reach their new devices once you verify the new code or press OK.',
  dismiss: 'OK',
  verifyFailed: 'That could not be saved on this device. Try again.',

  // Groups.
  verifyMembers: 'Verify members',
  verifyMembersIntro:
    "Each member's security code is between you and them: compare it with theirs to verify them.",
  membersLabel: (group: string) => `Members of ${group}`,
  memberState: {
    verified: 'Verified',
    unverified: 'Not verified',
    changed: 'Security code changed',
    none: 'No encryption yet',
    loading: 'Checking…',
  },
  verifyMember: (name: string) => `Verify ${name}`,
  noOtherMembers: 'Nobody else is in this group yet.',

  // Identity keys.
  upgraded: 'Your encryption was upgraded',
  upgradedDetail:
    'Your account now has an identity key, kept only on your approved devices. Security codes are new: verify your friends again.',
} as const;
