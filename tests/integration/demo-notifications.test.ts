import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../scripts/demo/data';
import { demoUsers } from '../../scripts/demo/users';
import { parseNotification } from '../../src/lib/firebase/notifications/record';

/** The demo feeds report only what the demo data holds, as the actions would have. */
describe('demo notifications', () => {
  const users = demoUsers.map((u, i) => ({ ...u, uid: `demo-${String(i)}` }));
  const data = buildDemoData(users, Date.UTC(2026, 0, 1));
  const entries = Object.entries(data)
    .filter(([path]) => path.startsWith('notifications/'))
    .map(([path, value]) => {
      const [, to = '', id = ''] = path.split('/');
      return { to, n: parseNotification(id, value) };
    });

  it('are well formed and each points at a record that names its recipient and actor', () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const { to, n } of entries) {
      expect(n).not.toBeNull();
      if (!n) continue;
      const name = (uid: string) => (data[`users/${uid}`] as { username: string }).username;
      expect(n.actorName).toBe(name(n.actorId));
      if (n.kind === 'friendRequest') {
        // Still pending (unread), or accepted since: then the friendship holds it (read).
        const path = n.read ? `friendList/${n.ref}` : `friendRequest/${n.ref}`;
        expect(data[path]).toMatchObject({ senderId: n.actorId, receiverId: to });
      } else if (n.kind === 'friendAccepted') {
        expect(data[`friendList/${n.ref}`]).toMatchObject({ senderId: to, receiverId: n.actorId });
      } else {
        expect(data[`Mygroup/${n.ref}`]).toMatchObject({ groupName: n.subject });
        if (n.kind === 'groupRemoved')
          expect(data[`groupMembership/${n.ref}/${to}`]).toBeUndefined();
      }
    }
  });

  it('give every demo user read and unread entries, the first user several of each', () => {
    const of = (uid: string) => entries.filter((e) => e.to === uid).map((e) => e.n?.read);
    expect(of('demo-0').filter((read) => read).length).toBeGreaterThanOrEqual(3);
    expect(of('demo-0').filter((read) => !read).length).toBeGreaterThanOrEqual(3);
    for (const u of users) {
      expect(of(u.uid), u.username).toContain(true);
      expect(of(u.uid), u.username).toContain(false);
    }
  });

  it('never come from someone the recipient blocked', () => {
    for (const { to, n } of entries) {
      const blocked = Object.entries(data).some(
        ([path, value]) =>
          path.startsWith('block/') &&
          (value as { blockbyid: string; blockid: string }).blockbyid === to &&
          (value as { blockbyid: string; blockid: string }).blockid === n?.actorId,
      );
      expect(blocked, `${to} <- ${n?.actorId ?? ''}`).toBe(false);
    }
  });
});
