import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../scripts/demo-data';
import { demoUsers } from '../../scripts/demo-users';
import type { ChatMessage } from '../../src/lib/firebase/chat-message';
import { adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually, type Person } from './home-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the demo group conversations', () => {
  it('are written by each group admin or its members, under their names', () => {
    const users = demoUsers.map((user, i) => ({ ...user, uid: `demo-${String(i)}` }));
    const data = buildDemoData(users, Date.UTC(2026, 0, 1));
    const messages = Object.entries(data).filter(([path]) => path.startsWith('groupMessages/'));
    expect(messages.length).toBeGreaterThanOrEqual(5);
    for (const [path, value] of messages) {
      const groupId = path.split('/')[1];
      const message = value as { senderId: string; senderName: string };
      const group = data[`Mygroup/${groupId}`] as { adminId: string };
      const membership = data[`groupMembership/${groupId}/${message.senderId}`] as
        { status: string } | undefined;
      expect(message.senderId === group.adminId || membership?.status === 'member').toBe(true);
      expect(message.senderName).toBe(users.find((u) => u.uid === message.senderId)?.username);
    }
  });

  it("shows in Alice's groups, readable through the rules", async () => {
    const people: Person[] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
    const users = demoUsers.map((user, i) => ({
      ...user,
      uid: people[i]?.uid ?? `demo-${user.username}`,
    }));
    const data = buildDemoData(users, Date.now());
    await adminUpdate(data);
    const [alice] = people;
    const hikers = Object.entries(data).find(
      ([path, value]) =>
        path.startsWith('Mygroup/') &&
        (value as { groupName: string }).groupName === 'Weekend Hikers',
    )?.[0];
    const groupId = hikers?.split('/')[1] ?? '';
    let seen: ChatMessage[] = [];
    stopAfterTest(
      alice.groups.subscribeGroupLatest(
        { groupId, pageSize: 50 },
        (messages) => (seen = messages),
        () => undefined,
      ),
    );
    await eventually(() => expect(seen.length).toBe(5));
    expect(new Set(seen.map((m) => m.massagesenderName))).toEqual(
      new Set(['Alice', 'Bob', 'Carol']),
    );
  });
});
