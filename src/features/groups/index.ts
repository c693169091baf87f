/** What other features and the routes may use from the groups feature. */
export { GroupListPanel } from './GroupListPanel';
export { MyGroupsPanel } from './MyGroupsPanel';
export type { GroupArrangement, GroupRowSummary } from './GroupListPanel';
export { selectGroupConversationAccess } from './groups-conversation-access';
export {
  selectGroup,
  selectInGroup,
  selectMyGroupIds,
  selectMyGroupsLoaded,
  selectRosterView,
} from './groups-selectors';
export { selectRoster } from './groups-memberships-slice';
