/**
 * The demo's notification feeds (`notifications/{uid}/{id}`), derived from the requests,
 * friendships and memberships the demo data already holds, as the app's actions would have
 * written them: pending requests and invitations unread, older news read. Each friendship also
 * leaves its (read) request in the receiver's feed, and anyone still without unread news was
 * once removed from a group they are not in, so every demo user has read and unread entries.
 */
import type { NotificationInput } from '../../src/lib/firebase/notifications/record';

const MINUTE = 60_000;

type Entry = NotificationInput & { to: string; read: boolean };

function str(value: unknown, key: string): string {
  const field = (value as Record<string, unknown> | null)?.[key];
  return typeof field === 'string' ? field : '';
}

function entriesOf(data: Record<string, unknown>): Entry[] {
  const out: Entry[] = [];
  let friendships = 0;
  const groupOf = (groupId: string) => data[`Mygroup/${groupId}`];
  for (const [path, value] of Object.entries(data)) {
    const [area, id = '', uid] = path.split('/');
    if (area === 'friendRequest') {
      out.push({
        to: str(value, 'receiverId'),
        kind: 'friendRequest',
        actorId: str(value, 'senderId'),
        actorName: str(value, 'senderName'),
        ref: id,
        read: false,
      });
    } else if (area === 'friendList') {
      // The request that became this friendship, long read by the one who accepted it.
      out.push({
        to: str(value, 'receiverId'),
        kind: 'friendRequest',
        actorId: str(value, 'senderId'),
        actorName: str(value, 'senderName'),
        ref: id,
        read: true,
      });
      out.push({
        to: str(value, 'senderId'),
        kind: 'friendAccepted',
        actorId: str(value, 'receiverId'),
        actorName: str(value, 'receiverName'),
        ref: id,
        read: friendships++ % 2 === 0,
      });
    } else if (area === 'groupMembership' && uid) {
      const group = groupOf(id);
      const admin = { actorId: str(group, 'adminId'), actorName: str(group, 'adminName') };
      const subject = str(group, 'groupName');
      const status = str(value, 'status');
      if (status === 'invited') {
        out.push({ to: uid, kind: 'groupInvite', ...admin, ref: id, subject, read: false });
      } else if (status === 'member') {
        out.push({ to: uid, kind: 'joinApproved', ...admin, ref: id, subject, read: true });
      } else if (status === 'requested') {
        out.push({
          to: admin.actorId,
          kind: 'joinRequest',
          actorId: uid,
          actorName: str(value, 'username'),
          ref: id,
          subject,
          read: false,
        });
      }
    }
  }
  const valid = out.filter((e) => e.to && e.actorId && e.to !== e.actorId);
  return [...valid, ...removals(data, valid)];
}

/** Whether `a` blocked `b` (the rules never let a blocked person notify their blocker). */
function blockedBy(data: Record<string, unknown>, a: string, b: string): boolean {
  return Object.entries(data).some(
    ([path, value]) =>
      path.startsWith('block/') && str(value, 'blockbyid') === a && str(value, 'blockid') === b,
  );
}

/**
 * An unread 'removed from the group' for each user whose feed has nothing unread: from the first
 * group they have no place in, run by someone they did not block.
 */
function removals(data: Record<string, unknown>, entries: Entry[]): Entry[] {
  const users = Object.keys(data).flatMap((path) => {
    const [area, uid, more] = path.split('/');
    return area === 'users' && uid && !more ? [uid] : [];
  });
  const groups = Object.entries(data).flatMap(([path, value]) => {
    const [area, id, more] = path.split('/');
    return area === 'Mygroup' && id && !more ? [{ id, value }] : [];
  });
  const out: Entry[] = [];
  for (const uid of users) {
    if (entries.some((e) => e.to === uid && !e.read)) continue;
    const group = groups.find(
      ({ id, value }) =>
        str(value, 'adminId') !== uid &&
        data[`groupMembership/${id}/${uid}`] === undefined &&
        !blockedBy(data, uid, str(value, 'adminId')),
    );
    if (!group) continue;
    out.push({
      to: uid,
      kind: 'groupRemoved',
      actorId: str(group.value, 'adminId'),
      actorName: str(group.value, 'adminName'),
      ref: group.id,
      subject: str(group.value, 'groupName'),
      read: false,
    });
  }
  return out;
}

/** The feeds' entries as root-update paths; `nextId(time)` makes a push id for that time. */
export function demoNotificationEntries(
  data: Record<string, unknown>,
  now: number,
  nextId: (time: number) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  entriesOf(data).forEach(({ to, read, ...input }, i) => {
    const at = now - (400 - i * 5) * MINUTE;
    out[`notifications/${to}/${nextId(at)}`] = { ...input, at, read };
  });
  return out;
}
