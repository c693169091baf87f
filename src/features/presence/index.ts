/** What other features may use from the presence feature. */
export { useFriendStatus } from './use-friend-status';
