/** What other features may use from the friends feature. */
export { FriendListPanel } from './FriendListPanel';
export { BlockFriendAction } from './BlockFriendAction';
export { FriendRequestPanel } from './FriendRequestPanel';
export { BlockedUsersPanel } from './BlockedUsersPanel';
export { relationWith, userListButton, type Relation } from './relationship';
export { selectFriendRows, selectMyUid, selectRelationIndex, type FriendRow } from './selectors';
export { blockFriend, sendFriendRequest, unblockUser } from './relationship-thunks';
export { selectListMeta } from './relationships-slice';
