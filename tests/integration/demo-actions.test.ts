import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../scripts/demo/data';
import { demoUsers } from '../../scripts/demo/users';
import { parseNotification } from '../../src/lib/firebase/notifications/record';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually, type Person } from './app-clients';

type Fields = Record<string, unknown>;

/** The demo conversations show every message action (reply, react, edit, delete, forward, mention), as the actions store them. */
describe('demo message actions', () => {
  const users = demoUsers.map((u, i) => ({ ...u, uid: `demo-${String(i)}` }));
  const [alice, bob, carol] = users;
  const data = buildDemoData(users, Date.UTC(2026, 0, 1));
  const messages = (area: 'sendMessage' | 'groupMessages') =>
    Object.entries(data)
      .filter(([path]) => path.startsWith(`${area}/`))
      .map(([path, value]) => {
        const [, conversation = '', id = ''] = path.split('/');
        return { conversation, id, m: value as Fields };
      });
  const direct = messages('sendMessage');
  const group = messages('groupMessages');
  const groupNamed = (name: string) =>
    Object.entries(data)
      .find(([path, v]) => path.startsWith('Mygroup/') && (v as Fields).groupName === name)?.[0]
      .split('/')[1] ?? '';

  it('has replies to earlier messages of the same conversation, in 1:1 and group chats', () => {
    for (const all of [direct, group]) {
      const replies = all.filter(({ m }) => typeof m.replyTo === 'string');
      expect(replies.length).toBeGreaterThanOrEqual(2);
      for (const { conversation, m } of replies) {
        const original = all.find((o) => o.conversation === conversation && o.id === m.replyTo);
        expect(original).toBeDefined();
        expect((original?.m.createdAt as number) < (m.createdAt as number)).toBe(true);
      }
    }
  });

  it('has reactions by people of the conversation, each after its message', () => {
    for (const all of [direct, group]) {
      const reacted = all.filter(({ m }) => m.reactions);
      expect(reacted.length).toBeGreaterThanOrEqual(2);
      for (const { m } of reacted) {
        for (const people of Object.values(m.reactions as Record<string, Record<string, number>>)) {
          for (const [uid, at] of Object.entries(people)) {
            expect(users.some((u) => u.uid === uid)).toBe(true);
            expect(at).toBeGreaterThan(m.createdAt as number);
          }
        }
      }
    }
    // Erin's 👍 to Alice's last message shows on Alice's row (newer than the last message).
    const erinRow = Object.entries(data).find(
      ([path, v]) =>
        path.startsWith(`inbox/${alice.uid}/`) &&
        (v as Fields).reaction !== undefined &&
        (v as { reaction: { at: number } }).reaction.at > (v as { lastAt: number }).lastAt,
    );
    expect(erinRow?.[1]).toMatchObject({
      reaction: {
        by: users[4].uid,
        emoji: '👍',
        text: 'I’ll send you the details tomorrow.',
        kind: 'text',
      },
    });
  });

  it('has an edited message and messages deleted for everyone, keeping only their envelope', () => {
    const edited = [...direct, ...group].filter(({ m }) => typeof m.editedAt === 'number');
    expect(edited.length).toBeGreaterThanOrEqual(2);
    for (const { m } of edited) expect(m.editedAt as number).toBeGreaterThan(m.createdAt as number);
    const deleted = [...direct, ...group].filter(({ m }) => m.deleted === true);
    expect(deleted.length).toBe(2);
    for (const { m } of deleted) {
      expect(Object.keys(m).sort()).toEqual(
        'messagesenderId' in m
          ? [
              'createdAt',
              'deleted',
              'massagesenderName',
              'messagereceiverId',
              'messagereceiverName',
              'messagesenderId',
            ]
          : ['createdAt', 'deleted', 'senderId', 'senderName'],
      );
    }
  });

  it('has forwarded messages in a 1:1 and a group conversation', () => {
    expect(direct.filter(({ m }) => m.forwarded === true)).toHaveLength(1);
    expect(group.filter(({ m }) => m.forwarded === true)).toHaveLength(1);
  });

  it("has Bob mentioning Alice in Photography, with her unread 'mention' notification", () => {
    const photography = groupNamed('Photography');
    const mentions = group.filter(({ m }) => m.mentions);
    expect(mentions).toHaveLength(1);
    const [{ conversation, id, m }] = mentions;
    expect(conversation).toBe(photography);
    expect(m).toMatchObject({ senderId: bob.uid, mentions: { [alice.uid]: true } });
    expect(m.message).toContain('@Alice');
    const path = `notifications/${alice.uid}/mention_${photography}_${bob.uid}`;
    expect(parseNotification(path.split('/')[2] ?? '', data[path])).toMatchObject({
      kind: 'mention',
      actorId: bob.uid,
      actorName: 'Bob',
      ref: photography,
      subject: 'Photography',
      messageId: id,
      read: false,
    });
    // Nobody else is told: Carol (the admin, not mentioned) has no such entry.
    const all = Object.keys(data).filter((p) => /^notifications\/[^/]+\/mention_/.test(p));
    expect(all).toEqual([path]);
    expect(all.some((p) => p.startsWith(`notifications/${carol.uid}/`))).toBe(false);
  });
});

describe('demo message actions, read through the rules', () => {
  const { signUp, stopAfterTest } = cleanBackendPerTest();

  it("Alice reads Photography's mention of her, its edit, reactions and deletion", async () => {
    const people: Person[] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
    const users = demoUsers.map((user, i) => ({
      ...user,
      uid: people[i]?.uid ?? `demo-${user.username}`,
    }));
    const data = buildDemoData(users, Date.now());
    await adminUpdate(data);
    const [alice] = people;
    const groupId =
      Object.entries(data)
        .find(
          ([p, v]) => p.startsWith('Mygroup/') && (v as Fields).groupName === 'Photography',
        )?.[0]
        .split('/')[1] ?? '';
    let seen: ConversationMessage[] = [];
    stopAfterTest(
      alice.conversations.group.subscribeLatest(
        { id: groupId, pageSize: 50 },
        (messages) => (seen = messages),
        () => undefined,
      ),
    );
    await eventually(() => expect(seen.length).toBe(6));
    expect(seen.find((m) => m.text.includes('@Alice'))?.mentions).toEqual([alice.uid]);
    expect(seen.filter((m) => m.deleted)).toHaveLength(1);
    expect(seen.filter((m) => m.editedAt !== undefined)).toHaveLength(1);
    expect(seen.find((m) => m.image)?.reactions?.['❤️']).toBeDefined();
  });
});
