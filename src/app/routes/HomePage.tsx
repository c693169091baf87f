import { BlockedUsersPanel, FriendListPanel, FriendRequestPanel } from '../../features/friends';
import { GroupListPanel, MyGroupsPanel } from '../../features/groups';
import { UserListPanel } from '../../features/directory';

/**
 * The dashboard: six panels, three per row (4 of 12 columns each), each fed by live,
 * user-scoped listeners that start at sign-in. From 1280 px the two rows share the screen's
 * height, so the page never scrolls (each panel's list does); narrower, two columns of fixed
 * rows (or one column on phones) scroll inside the layout.
 */
export function HomePage() {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2 md:auto-rows-88 md:gap-6 xl:h-full xl:grid-cols-12 xl:grid-rows-2">
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
