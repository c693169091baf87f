import { describe, expect, it } from 'vitest';
import { groupKey } from '../../src/lib/conversation-key';
import { buildDemoData } from '../../scripts/demo/data';
import { demoUsers } from '../../scripts/demo/users';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { makeConversationImagesApi } from '../../src/lib/firebase/conversations/images';
import { adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually, type Person } from './app-clients';

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
    // Each group has photos stored beside their messages, and an inbox entry per person.
    const photos = messages.filter(([, v]) => (v as { kind?: string }).kind === 'image');
    expect(photos.length).toBe(2);
    for (const [path] of photos) {
      const [, groupId, id] = path.split('/');
      expect(data[`groupImages/${groupId}/${id}`]).toMatchObject({ thumb: expect.any(String) });
    }
    const groups = new Set(messages.map(([path]) => path.split('/')[1]));
    const entries = Object.keys(data).filter(
      (path) => path.startsWith('groupInbox/') && groups.has(path.split('/')[2]),
    );
    // Weekend Hikers and Photography have three people each.
    expect(entries.length).toBe(6);
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
    let seen: ConversationMessage[] = [];
    stopAfterTest(
      alice.conversations.group.subscribeLatest(
        { id: groupId, pageSize: 50 },
        (messages) => (seen = messages),
        () => undefined,
      ),
    );
    await eventually(() => expect(seen.length).toBe(6));
    // Its photo's thumbnail reads through the rules, and Alice's inbox counts the group.
    const photo = seen.find((m) => m.image);
    expect(photo).toBeDefined();
    const thumb = await makeConversationImagesApi(alice.client.db).readThumb(
      groupKey(groupId),
      photo?.id ?? '',
    );
    expect(thumb).toMatch(/^data:image\/webp;base64,/);
    expect(data[`groupInbox/${alice.uid}/${groupId}`]).toMatchObject({
      unread: 1,
      lastKind: 'text',
    });
    expect(new Set(seen.map((m) => m.senderName))).toEqual(new Set(['Alice', 'Bob', 'Carol']));
  });
});
