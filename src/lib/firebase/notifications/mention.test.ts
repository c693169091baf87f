// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mentionNotificationChanges } from './mention';
import { parseNotification } from './record';

const now = { '.sv': 'timestamp' };

describe('mentionNotificationChanges', () => {
  it('notifies each mentioned person once, never the sender', () => {
    const changes = mentionNotificationChanges(
      {
        groupId: 'g1',
        groupName: 'Hiking club',
        actor: { uid: 'a', name: 'Alice' },
        messageId: '-Nm1',
        to: ['b', 'a', 'b', 'c'],
      },
      now,
    );
    expect(Object.keys(changes)).toEqual([
      'notifications/b/mention_g1_a',
      'notifications/c/mention_g1_a',
    ]);
    expect(changes['notifications/b/mention_g1_a']).toEqual({
      kind: 'mention',
      actorId: 'a',
      actorName: 'Alice',
      ref: 'g1',
      subject: 'Hiking club',
      messageId: '-Nm1',
      at: now,
      read: false,
    });
  });
});

describe('parseNotification of a mention', () => {
  const stored = {
    kind: 'mention',
    actorId: 'a',
    actorName: 'Alice',
    ref: 'g1',
    subject: 'Hiking club',
    messageId: '-Nm1',
    at: 5,
    read: false,
  };

  it('keeps the message it opens, and drops a mention without one', () => {
    expect(parseNotification('mention_g1_a', stored)).toEqual({ id: 'mention_g1_a', ...stored });
    expect(parseNotification('mention_g1_a', { ...stored, messageId: 3 })).toBeNull();
    const { messageId: _dropped, ...without } = stored;
    expect(parseNotification('mention_g1_a', without)).toBeNull();
  });

  it('gives no messageId to the other kinds', () => {
    const invite = { ...stored, kind: 'groupInvite' };
    expect(parseNotification('x', invite)).not.toHaveProperty('messageId');
  });
});
