import {
  endBefore,
  equalTo,
  limitToLast,
  onValue,
  orderByChild,
  orderByKey,
  push,
  query,
  ref,
  serverTimestamp,
  update,
  type Database,
  type QueryConstraint,
  type Unsubscribe,
} from 'firebase/database';
import type { NotificationInput } from '../notifications/shapes';
import { currentName, notificationChanges, readForNotification } from '../notifications';
import {
  isMembershipStatus,
  parseGroup,
  parseMembership,
  type Group,
  type GroupMembership,
  type MembershipStatus,
} from '../records';
import { parseChildren } from '../scoped-query';
import { groupKey } from '../../conversation-key';
import { announceDirectoryNews, placementsOf } from '../conversations';
import { placementWrite } from '../conversations/shapes';

/** The rules refuse directory reads of `Mygroup` above this size. */
const GROUP_PAGE_MAX = 100;

type OnError = (error: Error) => void;
type Person = { uid: string; username: string };

/**
 * Groups and membership. `groupMembership/{groupId}/{uid}` is the group's roster (read by its
 * admin and members); `userGroups/{uid}/{groupId}` mirrors each status for that user (read by
 * them only). Every change writes both in one atomic update; the rules refuse a write that
 * leaves them different. `currentUid` names who acts (for notifications): passed in, as
 * getAuth() would bundle every Auth persistence into the signed-in screens.
 */
export function makeGroupsApi(db: Database, currentUid: () => string | undefined) {
  /**
   * Who should hear of this membership change, and as what (rules/notifications.ts): the invitee,
   * the admin of a group I ask to join, the person the admin admits or removes. Nobody when I
   * act on my own place (accepting an invitation, leaving).
   */
  async function notificationFor(
    groupId: string,
    person: Person,
    status: MembershipStatus | null,
  ): Promise<Record<string, unknown>> {
    const actor = currentUid();
    if (!actor) return {};
    const [groupValue, actorName] = await Promise.all([
      readForNotification(db, `Mygroup/${groupId}`),
      currentName(db, actor),
    ]);
    const group = parseGroup(groupId, groupValue);
    if (!group || actorName === null) return {};
    const fromAdmin = (kind: NotificationInput['kind']) =>
      notificationChanges(person.uid, {
        kind,
        actorId: actor,
        actorName,
        ref: groupId,
        subject: group.groupName,
      });
    if (status === 'requested' && person.uid === actor) {
      return notificationChanges(group.adminId, {
        kind: 'joinRequest',
        actorId: actor,
        actorName,
        ref: groupId,
        subject: group.groupName,
      });
    }
    if (actor !== group.adminId || person.uid === actor) return {};
    if (status === 'invited') return fromAdmin('groupInvite');
    if (status === 'member') return fromAdmin('joinApproved');
    return status === null ? fromAdmin('groupRemoved') : {};
  }

  async function membershipWrite(groupId: string, person: Person, status: MembershipStatus | null) {
    const entry = status ? { status, username: person.username, at: serverTimestamp() } : null;
    // Without the group's record or my name (offline) the change still goes, unannounced.
    const notification = await notificationFor(groupId, person, status);
    await update(ref(db), {
      [`groupMembership/${groupId}/${person.uid}`]: entry,
      [`userGroups/${person.uid}/${groupId}`]: status,
      ...notification,
    });
    // The person whose place changed lists their conversations again (docs/scaling.md, the
    // directory hint); my own step on my own place needs none (the admin's roster is live).
    if (person.uid !== currentUid()) announceDirectoryNews(placementsOf(db), person.uid);
  }

  function listGroups(
    constraints: QueryConstraint[],
    onData: (groups: Group[]) => void,
    onError: OnError,
  ) {
    return onValue(
      query(ref(db, 'Mygroup'), ...constraints),
      (snapshot) => onData(parseChildren(snapshot.val(), parseGroup)),
      onError,
    );
  }

  return {
    // The group's conversation and renaming (group-messages.ts).
    /** The admin renames the group (both fields in one write, checked by the rules). */
    renameGroup: (groupId: string, fields: { groupName: string; groupTag: string }) =>
      update(ref(db, `Mygroup/${groupId}`), fields),
    /** The groups I administer. */
    subscribeMyGroups(uid: string, onData: (groups: Group[]) => void, onError: OnError) {
      return listGroups([orderByChild('adminId'), equalTo(uid)], onData, onError);
    },

    /** A page of the newest groups, older than `before` (a group id) when given. */
    subscribeGroupPage(
      page: { before: string | null; pageSize: number },
      onData: (groups: Group[]) => void,
      onError: OnError,
    ): Unsubscribe {
      const constraints: QueryConstraint[] = [orderByKey()];
      if (page.before) constraints.push(endBefore(page.before));
      constraints.push(limitToLast(Math.min(page.pageSize, GROUP_PAGE_MAX)));
      return listGroups(constraints, onData, onError);
    },

    subscribeGroup(groupId: string, onData: (group: Group | null) => void, onError: OnError) {
      return onValue(
        ref(db, `Mygroup/${groupId}`),
        (snapshot) => onData(parseGroup(groupId, snapshot.val())),
        onError,
      );
    },

    /** My status in every group I am invited to, asked to join or belong to. */
    subscribeMyMemberships(
      uid: string,
      onData: (statuses: Record<string, MembershipStatus>) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        ref(db, `userGroups/${uid}`),
        (snapshot) => {
          const statuses: Record<string, MembershipStatus> = {};
          snapshot.forEach((child) => {
            const status: unknown = child.val();
            if (child.key && isMembershipStatus(status)) statuses[child.key] = status;
          });
          onData(statuses);
        },
        onError,
      );
    },

    /** Everyone invited to, asking to join or in the group (admin and members may read it). */
    subscribeRoster(
      groupId: string,
      onData: (entries: GroupMembership[]) => void,
      onError: OnError,
    ) {
      return onValue(
        ref(db, `groupMembership/${groupId}`),
        (snapshot) =>
          onData(
            parseChildren(snapshot.val(), (uid, value) => parseMembership(groupId, uid, value)),
          ),
        onError,
      );
    },

    async createGroup(admin: Person, fields: { groupName: string; groupTag: string }) {
      const id = push(ref(db, 'Mygroup')).key;
      if (!id) throw new Error('Could not create a group id');
      const group: Omit<Group, 'id'> = { adminId: admin.uid, adminName: admin.username, ...fields };
      // Its conversation lives on the admin's home (docs/scaling.md).
      const home = await placementsOf(db).homeOf(admin.uid);
      await update(ref(db), { [`Mygroup/${id}`]: group, ...placementWrite(groupKey(id), home) });
      return id;
    },

    /** The admin invites a friend. */
    invite: (groupId: string, friend: Person) => membershipWrite(groupId, friend, 'invited'),
    /** Someone not invited asks to join; the admin approves. */
    requestToJoin: (groupId: string, me: Person) => membershipWrite(groupId, me, 'requested'),
    /** The invitee accepts, or the admin approves a join request. */
    admit: (groupId: string, person: Person) => membershipWrite(groupId, person, 'member'),
    /** Declines an invitation or request, leaves, or (admin) removes someone. */
    remove: (groupId: string, person: Person) => membershipWrite(groupId, person, null),
  };
}

export type GroupsApi = ReturnType<typeof makeGroupsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    groups: GroupsApi;
  }
}
