/** Texts of the profiles feature; the spec's verbatim ones are in src/strings/spec.ts. */
export const profilesStrings = {
  people: {
    // Not in the spec: a person whose account was deleted (their users/{uid} record is gone).
    deletedAccount: 'Deleted account',
  },
  profile: {
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
} as const;
