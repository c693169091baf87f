// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeTestStore as makeStore } from '../../testing/test-store';
import type { Group, GroupMembership } from '../../lib/firebase/records';
import { userSignedIn, userSignedOut } from '../../store/session';
import {
  GROUP_PAGE_SIZE,
  groupListFailed,
  groupPageReceived,
  groupReceived,
  moreGroupsRequested,
  myGroupsReceived,
} from './groups-slice';
import { myMembershipsReceived, rosterClosed, rosterReceived } from './groups-memberships-slice';
import {
  selectGroupListRows,
  selectMembershipKey,
  selectMyGroups,
  selectRosterKey,
  selectRosterView,
} from './groups-selectors';

const me = 'me';
const group = (id: string, adminId: string, groupName = id): Group => ({
  id,
  adminId,
  adminName: adminId,
  groupName,
  groupTag: 'tag',
});
const entry = (uid: string, status: GroupMembership['status']): GroupMembership => ({
  groupId: 'g',
  uid,
  username: uid,
  status,
  at: 1,
});

function signedIn() {
  const store = makeStore();
  store.dispatch(
    userSignedIn({
      uid: me,
      email: 'me@x.io',
      displayName: 'me',
      photoURL: '',
      emailVerified: true,
    }),
  );
  return store;
}

describe('groups slice and selectors', () => {
  it('lists my groups by name', () => {
    const store = signedIn();
    store.dispatch(myGroupsReceived([group('2', me, 'Zebras'), group('1', me, 'Ants')]));
    expect(selectMyGroups(store.getState()).map((g) => g.groupName)).toEqual(['Ants', 'Zebras']);
    expect(store.getState().groups.mine.status).toBe('ready');
  });

  it('builds the Group List: invitations, memberships, requests, then the newest others', () => {
    const store = signedIn();
    store.dispatch(
      groupPageReceived({
        index: 0,
        groups: [
          group('-a', 'x'),
          group('-b', me),
          group('-c', 'y'),
          group('-d', 'z'),
          group('-e', 'w'),
        ],
      }),
    );
    store.dispatch(myMembershipsReceived({ '-c': 'requested', '-a': 'member', '-f': 'invited' }));
    store.dispatch(groupReceived({ id: '-f', group: group('-f', 'v') }));
    const rows = selectGroupListRows(store.getState()).map((r) => [r.group.id, r.status]);
    expect(rows).toEqual([
      ['-f', 'invited'],
      ['-a', 'member'],
      ['-c', 'requested'],
      ['-e', null],
      ['-d', null],
    ]);
  });

  it('pages the directory and knows when there is more', () => {
    const store = signedIn();
    const page = Array.from({ length: GROUP_PAGE_SIZE }, (_, i) => group(`-g${i}`, 'x'));
    store.dispatch(groupPageReceived({ index: 0, groups: page }));
    expect(store.getState().groups.directory.hasMore).toBe(true);
    store.dispatch(moreGroupsRequested());
    expect(store.getState().groups.directory.loadingMore).toBe(true);
    store.dispatch(groupPageReceived({ index: 1, groups: [group('-old', 'x')] }));
    expect(store.getState().groups.directory).toMatchObject({ hasMore: false, loadingMore: false });
    store.dispatch(groupListFailed({ list: 'directory', message: 'nope' }));
    expect(store.getState().groups.directory).toMatchObject({ status: 'error', error: 'nope' });
  });

  it('splits a roster by status and forgets it when closed', () => {
    const store = signedIn();
    store.dispatch(
      rosterReceived({
        groupId: 'g',
        entries: [
          entry('b', 'member'),
          entry('a', 'member'),
          entry('c', 'invited'),
          entry('d', 'requested'),
        ],
      }),
    );
    const view = selectRosterView(store.getState(), 'g');
    expect(view.members.map((m) => m.uid)).toEqual(['a', 'b']);
    expect(view.invited.map((m) => m.uid)).toEqual(['c']);
    expect(view.requested.map((m) => m.uid)).toEqual(['d']);
    store.dispatch(rosterClosed('g'));
    expect(selectRosterView(store.getState(), 'g').members).toEqual([]);
  });

  it('wants the rosters of groups I run or belong to, and the records of all I have a status in', () => {
    const store = signedIn();
    store.dispatch(myGroupsReceived([group('mine', me)]));
    store.dispatch(myMembershipsReceived({ in: 'member', asked: 'requested', inv: 'invited' }));
    expect(selectRosterKey(store.getState())).toBe('in,mine');
    expect(selectMembershipKey(store.getState())).toBe('asked,in,inv');
  });

  it('forgets everything on sign-out', () => {
    const store = signedIn();
    store.dispatch(myGroupsReceived([group('mine', me)]));
    store.dispatch(myMembershipsReceived({ in: 'member' }));
    store.dispatch(userSignedOut());
    expect(selectMyGroups(store.getState())).toEqual([]);
    expect(store.getState().memberships.mine).toEqual({});
    expect(store.getState().groups.mine.status).toBe('idle');
  });
});
