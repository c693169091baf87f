/**
 * The words of a removed device's page (RemovedDevicePage.tsx): loaded with it, not with the
 * first screen.
 */
export const removedDeviceStrings = {
  title: 'This device was removed',
  body: 'It was removed from your devices on another one, and its encryption keys were deleted from this browser: messages sent from now on cannot be read here. Reload the page to add it again as a new device, waiting for your approval.',
  reload: 'Reload',
};
