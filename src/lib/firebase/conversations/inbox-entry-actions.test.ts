// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deletePreviewChanges,
  editPreviewChanges,
  reactionEntryChanges,
  type ReactionTarget,
} from './inbox-entry-actions';

const now = { '.sv': 'timestamp' };

describe('editPreviewChanges and deletePreviewChanges', () => {
  it('write the new preview into each named entry, in its own key space', () => {
    const direct = { kind: 'direct', conversationId: 'r1', owners: ['a', 'b'] } as const;
    expect(editPreviewChanges(direct, 'x'.repeat(150))).toEqual({
      'inbox/a/r1/lastText': 'x'.repeat(100),
      'inbox/b/r1/lastText': 'x'.repeat(100),
    });
    const group = { kind: 'group', conversationId: 'g1', owners: ['a'] } as const;
    expect(deletePreviewChanges(group)).toEqual({
      'groupInbox/a/g1/lastKind': 'deleted',
      'groupInbox/a/g1/lastText': '',
    });
  });
});

describe('reactionEntryChanges', () => {
  const target: ReactionTarget = {
    kind: 'direct',
    conversationId: 'r1',
    authorId: 'a',
    reactorId: 'b',
    messageId: '-Nm1',
    emoji: '👍',
    text: 'see you at 8?',
    isImage: false,
  };

  it("writes the notice into the author's entry, a photo without words", () => {
    expect(reactionEntryChanges(target, true, now)).toEqual({
      'inbox/a/r1/reaction': {
        by: 'b',
        emoji: '👍',
        messageId: '-Nm1',
        text: 'see you at 8?',
        kind: 'text',
        at: now,
      },
    });
    const photo = reactionEntryChanges(
      { ...target, kind: 'group', isImage: true, text: 'caption' },
      true,
      now,
    );
    expect(photo['groupInbox/a/r1/reaction']).toMatchObject({ text: '', kind: 'image' });
  });

  it('removes it in a 1:1 chat, leaves it in a group, and writes nothing for my own message', () => {
    expect(reactionEntryChanges(target, false, now)).toEqual({ 'inbox/a/r1/reaction': null });
    expect(reactionEntryChanges({ ...target, kind: 'group' }, false, now)).toEqual({});
    expect(reactionEntryChanges({ ...target, reactorId: 'a' }, true, now)).toEqual({});
  });
});
