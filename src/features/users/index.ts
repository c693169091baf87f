/** What other features may use from the users feature. */
export {
  selectMyProfile,
  selectMyProfileStatus,
  selectProfile,
  selectDisplayName,
  selectIsDeletedAccount,
  profilesNeeded,
  profilesWatched,
  profilesUnwatched,
} from './profiles-slice';
export {
  useDisplayName,
  useDisplayNames,
  useDeletedAccounts,
  useIsDeletedAccount,
  useLiveProfile,
  useWatchProfile,
} from './use-display-name';
export { PersonName } from './PersonName';
export {
  selectDirectoryUsers,
  selectUserDirectory,
  userSearchChanged,
  moreUsersRequested,
  USER_PAGE_SIZE,
} from './user-directory-slice';
export { PersonAvatar } from './PersonAvatar';
export { requireMe } from './require-me';
