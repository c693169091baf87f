/** What other features may use from the friends feature. */
export { FriendListFrame, FriendListPanel } from './FriendListPanel';
export { BlockFriendAction } from './BlockFriendAction';
export { RowMenu, type RowMenuItem } from './RowMenu';
export { FriendRequestPanel } from './FriendRequestPanel';
export { BlockedUsersPanel } from './BlockedUsersPanel';
export { relationWith, userListButton } from './friendship';
export {
  selectFriendRows,
  selectMyUid,
  selectRelationIndex,
  type FriendRow,
} from './friends-selectors';
export { sendFriendRequest, unblockUser } from './friends-thunks';
export { selectListMeta } from './friends-slice';
