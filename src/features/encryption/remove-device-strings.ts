/**
 * The words of the 'Remove' dialog (RemoveDeviceDialog.tsx): loaded with it, not with the first
 * screen.
 */
export const removeDeviceStrings = {
  title: (label: string) => `Remove ${label}?`,
  intro:
    'Your recovery key locks the device out for good, even if someone copied its keys (a stolen or tampered device). Without it the device is removed and forgets its keys, but a copy taken from it could still sign it back in.',
  withoutKey: 'Remove without key',
  cancel: 'Cancel',
};
