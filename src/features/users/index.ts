/** What other features may use from the users feature. */
export {
  selectMyProfile,
  selectMyProfileStatus,
  selectProfile,
  profilesNeeded,
} from './profiles-slice';
export {
  selectDirectoryUsers,
  selectUserDirectory,
  userSearchChanged,
  moreUsersRequested,
  USER_PAGE_SIZE,
} from './user-directory-slice';
export { PersonAvatar } from './PersonAvatar';
export { requireMe } from './require-me';
