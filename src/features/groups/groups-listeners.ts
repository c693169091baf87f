import { toast } from '../../components/toast';
import type { AppStartListening } from '../../store/store';
import { groupsStrings } from './groups-strings';
import { whileSignedIn } from '../../store/session';
import { createGroup } from './groups-thunks';
import {
  GROUP_PAGE_SIZE,
  groupListFailed,
  groupPageReceived,
  groupReceived,
  moreGroupsRequested,
  myGroupsReceived,
} from './groups-slice';
import { KeyedSubscriptions } from './keyed-subscriptions';
import {
  myMembershipsFailed,
  myMembershipsReceived,
  rosterClosed,
  rosterReceived,
} from './groups-memberships-slice';
import { selectMembershipKey, selectRosterKey } from './groups-selectors';

const keys = (key: string) => (key ? key.split(',') : []);

/**
 * While signed in: My Groups, my membership statuses and the newest groups stay live; so do
 * the roster of every group I administer or belong to and the record of every group I have a
 * status in. Those keyed listeners follow the store as statuses change, and all close on
 * sign-out.
 */
export function addGroupListeners(startAppListening: AppStartListening): void {
  let openDirectoryPage: (() => void) | null = null;
  let syncKeyed: (() => void) | null = null;

  whileSignedIn(startAppListening, (uid, listenerApi) => {
    const { dispatch, extra } = listenerApi;
    const api = extra.groups;
    const getState = () => listenerApi.getState();
    const failed = (list: 'mine' | 'directory') => (error: Error) =>
      dispatch(groupListFailed({ list, message: error.message }));

    const rosters = new KeyedSubscriptions(
      (groupId) =>
        api.subscribeRoster(
          groupId,
          (entries) => dispatch(rosterReceived({ groupId, entries })),
          () => dispatch(rosterClosed(groupId)),
        ),
      (groupId) => dispatch(rosterClosed(groupId)),
    );
    const records = new KeyedSubscriptions((id) =>
      api.subscribeGroup(
        id,
        (group) => dispatch(groupReceived({ id, group })),
        () => undefined,
      ),
    );
    const sync = () => {
      rosters.sync(keys(selectRosterKey(getState())));
      records.sync(keys(selectMembershipKey(getState())));
    };
    syncKeyed = sync;

    const directoryPages: Array<() => void> = [];
    openDirectoryPage = () => {
      const index = directoryPages.length;
      // Each page continues below the oldest group of the page before it.
      const before =
        index > 0
          ? getState()
              .groups.directory.pages.at(index - 1)
              ?.at(-1)
          : null;
      if (before === undefined) return;
      directoryPages.push(
        api.subscribeGroupPage(
          { before, pageSize: GROUP_PAGE_SIZE },
          (groups) => dispatch(groupPageReceived({ index, groups })),
          failed('directory'),
        ),
      );
    };

    const unsubscribes = [
      api.subscribeMyGroups(uid, (groups) => dispatch(myGroupsReceived(groups)), failed('mine')),
      api.subscribeMyMemberships(
        uid,
        (statuses) => dispatch(myMembershipsReceived(statuses)),
        (error) => dispatch(myMembershipsFailed(error.message)),
      ),
    ];
    const close = () => {
      for (const unsubscribe of [...unsubscribes, ...directoryPages.splice(0)]) unsubscribe();
      rosters.closeAll();
      records.closeAll();
      openDirectoryPage = null;
      if (syncKeyed === sync) syncKeyed = null;
    };
    try {
      openDirectoryPage();
      sync();
    } catch (error) {
      // Whatever opened before the failure must not outlive it.
      close();
      throw error;
    }
    return close;
  });

  // Runs in the same dispatch as the change, so a roster opens before its data can be missed.
  startAppListening({
    predicate: (_action, current, previous) =>
      selectRosterKey(current) !== selectRosterKey(previous) ||
      selectMembershipKey(current) !== selectMembershipKey(previous),
    effect: () => syncKeyed?.(),
  });

  startAppListening({
    actionCreator: moreGroupsRequested,
    effect: (_action, listenerApi) => {
      if (listenerApi.getState().groups.directory.loadingMore) openDirectoryPage?.();
    },
  });

  startAppListening({
    actionCreator: createGroup.fulfilled,
    effect: () => {
      toast.success(groupsStrings.home.groupCreated);
    },
  });
}
