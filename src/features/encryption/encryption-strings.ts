/** The encryption feature's words (issue 28); the spec has none of its own here. */
export const encryptionStrings = {
  devicesTitle: 'Your devices',
  devicesIntro:
    'Each browser where you sign in has its own encryption key. Remove a device you no longer use: new messages will not be readable there.',
  thisDevice: 'This device',
  lastUsed: (when: string) => `Last used ${when}`,
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
    notEncryptedTitle: 'Sent before end-to-end encryption, or to someone without a device yet',
  },
} as const;
