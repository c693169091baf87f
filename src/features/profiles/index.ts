/** What other features may use from the profiles feature: names, avatars, my profile, its picture. */
export {
  selectMyProfile,
  selectProfile,
  selectDisplayName,
  selectIsDeletedAccount,
  profilesSeen,
  profilesWatched,
} from './profiles-slice';
export {
  useDisplayName,
  useDisplayNames,
  useDeletedAccounts,
  useIsDeletedAccount,
} from './use-display-name';
export { PersonName } from './PersonName';
export { PersonAvatar } from './PersonAvatar';
export { requireMe } from './require-me';
export { ProfilePictureModal } from './lazy-picture-modal';
// Chat images compress the same way (features/conversations/images/image-compress.ts).
export { compressCanvas, PictureTooLargeError, type EncodableCanvas } from './compress-picture';
