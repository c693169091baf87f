/** The messages of src/lib, shared by the features that report its errors (not in the spec). */
export const libStrings = {
  home: {
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
  app: {
    errorUnknown: 'Unknown error',
  },
  /** Why a device that cannot encrypt sends nothing (docs/security/e2ee.md, "No plaintext path"). */
  encryption: {
    noStorage:
      'this conversation is end-to-end encrypted, and this browser cannot keep encryption keys (a private window, or storage turned off). Send from a browser that can',
    setUpFailed:
      'encryption could not be set up on this device, so it sends nothing. Reload the page to try again',
  },
} as const;
