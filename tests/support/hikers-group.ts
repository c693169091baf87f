/**
 * The group the suites set up: 'Hikers', run by one person with others in it. Three ways to
 * reach it, each as a suite needs: the records the admin's writes leave (written past the rules,
 * for a browser suite's or a race's starting point), through the gateways as each person's own
 * client (the rules check every write), or through the apps' thunks (app-clients.ts,
 * `hikersThroughApps`).
 */
import type { makeGroupsApi } from '../../src/lib/firebase/groups/gateway';
import { adminUpdate } from './backend';

/** The group's name and tag. */
export const HIKERS = { groupName: 'Hikers', groupTag: 'Up a hill' };

interface Named {
  uid: string;
  username: string;
}

/** `admin` runs 'Hikers' under `groupId` with `members` joined, as the admin's writes leave it. */
export async function writeHikersGroup(groupId: string, admin: Named, members: readonly Named[]) {
  const records: Record<string, unknown> = {
    [`Mygroup/${groupId}`]: { adminId: admin.uid, adminName: admin.username, ...HIKERS },
  };
  for (const { uid, username } of members) {
    records[`groupMembership/${groupId}/${uid}`] = { status: 'member', username, at: 1 };
    records[`userGroups/${uid}/${groupId}`] = 'member';
  }
  await adminUpdate(records);
}

/** Someone with their own client's groups gateway (an integration test's Person). */
interface WithGroups extends Named {
  groups: ReturnType<typeof makeGroupsApi>;
}

/**
 * `admin` creates 'Hikers' and invites each of `members`, who accepts, one after the other,
 * each through their own client; returns the group's id.
 */
export async function hikersThroughGateways(
  admin: WithGroups,
  members: readonly WithGroups[] = [],
): Promise<string> {
  const groupId = await admin.groups.createGroup(admin, HIKERS);
  for (const member of members) {
    await admin.groups.invite(groupId, member);
    await member.groups.admit(groupId, member);
  }
  return groupId;
}
