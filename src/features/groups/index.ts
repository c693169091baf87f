/** What other features may use from the groups feature. */
export { GroupListPanel } from './GroupListPanel';
export { MyGroupsPanel } from './MyGroupsPanel';
export { GroupChatPanel } from '../conversations/GroupChatPanel';
