/**
 * The demo's notification feeds (`notifications/{uid}/{id}`), derived from the requests,
 * friendships and memberships the demo data already holds, as the app's actions would have
 * written them: pending requests and invitations unread, older news read.
 */
import type { NotificationInput } from '../src/lib/firebase/notification-record';

const MINUTE = 60_000;

type Entry = NotificationInput & { to: string; read: boolean };

function str(value: unknown, key: string): string {
  const field = (value as Record<string, unknown> | null)?.[key];
  return typeof field === 'string' ? field : '';
}

function entriesOf(data: Record<string, unknown>): Entry[] {
  const out: Entry[] = [];
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
      out.push({
        to: str(value, 'senderId'),
        kind: 'friendAccepted',
        actorId: str(value, 'receiverId'),
        actorName: str(value, 'receiverName'),
        ref: id,
        read: out.length % 2 === 0,
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
  return out.filter((e) => e.to && e.actorId && e.to !== e.actorId);
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
