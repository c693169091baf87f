import { BlockedUsersPanel, FriendListPanel, FriendRequestPanel } from '../../features/friends';
import { GroupListPanel, MyGroupsPanel } from '../../features/groups';
import { UserListPanel } from '../../features/home';

/**
 * The dashboard: six panels, three per row (4 of 12 columns each), each fed by live,
 * user-scoped listeners that start at sign-in.
 */
export function HomePage() {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-12">
      <div className="xl:col-span-4">
        <GroupListPanel />
      </div>
      <div className="xl:col-span-4">
        <FriendListPanel />
      </div>
      <div className="xl:col-span-4">
        <UserListPanel />
      </div>
      <div className="xl:col-span-4">
        <FriendRequestPanel />
      </div>
      <div className="xl:col-span-4">
        <MyGroupsPanel />
      </div>
      <div className="xl:col-span-4">
        <BlockedUsersPanel />
      </div>
    </div>
  );
}
