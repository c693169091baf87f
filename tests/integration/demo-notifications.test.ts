import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../scripts/demo-data';
import { demoUsers } from '../../scripts/demo-users';
import { parseNotification } from '../../src/lib/firebase/notification-record';

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
        expect(data[`friendRequest/${n.ref}`]).toMatchObject({
          senderId: n.actorId,
          receiverId: to,
        });
      } else if (n.kind === 'friendAccepted') {
        expect(data[`friendList/${n.ref}`]).toMatchObject({ senderId: to, receiverId: n.actorId });
      } else {
        expect(data[`Mygroup/${n.ref}`]).toMatchObject({ groupName: n.subject });
      }
    }
  });

  it('give the first demo user read and unread entries, and most users some of each', () => {
    const of = (uid: string) => entries.filter((e) => e.to === uid).map((e) => e.n?.read);
    expect(of('demo-0')).toContain(true);
    expect(of('demo-0')).toContain(false);
    const withBoth = users.filter((u) => of(u.uid).includes(true) && of(u.uid).includes(false));
    expect(withBoth.length).toBeGreaterThanOrEqual(users.length / 2);
  });
});
