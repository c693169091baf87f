import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessagesPage } from '../../app/routes/MessagesPage';
import type { InboxEntry, InboxReaction } from '../../lib/firebase/inbox/entry';
import type { FriendRequest, Group, GroupMembership } from '../../lib/firebase/records';
import { createFakeGateways, loadEverythingEmpty, renderSignedIn, row } from '../../testing';
import { reactionPreview } from './conversation-time';

// The conversation rows say who reacted to my message, a deletion, and an edit.
const bo: FriendRequest = {
  id: 'rel-bo',
  senderId: 'bo',
  senderName: 'Bo Berg',
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
};
const entry = (fields: Partial<InboxEntry>): InboxEntry => ({
  conversationId: 'rel-bo',
  kind: 'direct',
  unread: 0,
  lastMessageId: 'm1',
  lastSenderId: 'me',
  lastText: 'see you at 8?',
  lastKind: 'text',
  lastAt: 1000,
  ...fields,
});
const thumbsUp: InboxReaction = {
  by: 'bo',
  emoji: '👍',
  messageId: 'm1',
  text: 'see you at 8?',
  kind: 'text',
  at: 2000,
};

describe('reactionPreview', () => {
  it('names the reactor, the emoji and the words while newer than the last message', () => {
    expect(reactionPreview(entry({ reaction: thumbsUp }), 'Alice Smith')).toBe(
      'Alice reacted 👍 to "see you at 8?"',
    );
    expect(
      reactionPreview(entry({ reaction: { ...thumbsUp, kind: 'image', text: '' } }), 'Alice'),
    ).toBe('Alice reacted 👍 to a photo');
    // A message after the reaction takes the line back.
    expect(reactionPreview(entry({ reaction: thumbsUp, lastAt: 2000 }), 'Alice')).toBeNull();
    expect(reactionPreview(entry({}), 'Alice')).toBeNull();
  });
});

describe('conversation rows', () => {
  let app: ReturnType<typeof renderSignedIn>;
  beforeEach(() => {
    app = renderSignedIn(
      <MemoryRouter>
        <MessagesPage />
      </MemoryRouter>,
      createFakeGateways(),
    );
    loadEverythingEmpty(app.feeds, [bo]);
  });
  afterEach(() => app.stop());
  const friendRow = () => row('Friend List', 'Bo Berg');
  const emit = (e: InboxEntry) => act(() => app.feeds.inbox.emit({ 'd:rel-bo': e }));

  it("shows the friend's reaction to my message without an unread count", () => {
    emit(entry({ reaction: thumbsUp }));
    expect(within(friendRow()).getByText('Bo reacted 👍 to "see you at 8?"')).toBeInTheDocument();
    expect(within(friendRow()).queryByText(/unread/)).toBeNull();
  });

  it('shows a deleted last message, and an edited one by its new words', () => {
    emit(entry({ lastKind: 'deleted', lastText: '', lastSenderId: 'bo', unread: 1 }));
    expect(within(friendRow()).getAllByText(/This message was deleted/).length).toBeGreaterThan(0);
    emit(entry({ lastText: 'see you at 9?' }));
    expect(within(friendRow()).getAllByText(/You: see you at 9\?/).length).toBeGreaterThan(0);
  });

  it("shows a member's reaction on a group's row by their name", () => {
    const group: Group = {
      id: 'g1',
      adminId: 'zed',
      adminName: 'Zed Ward',
      groupName: 'Hiking club',
      groupTag: '',
    };
    const me: GroupMembership = {
      groupId: 'g1',
      uid: 'me',
      username: 'Mia',
      status: 'member',
      at: 1,
    };
    act(() => app.feeds.memberships.emit({ g1: 'member' }));
    act(() => {
      app.feeds.group.emit(group, 'g1');
      app.feeds.roster.emit([me], 'g1');
      app.feeds.inbox.emit({
        'g:g1': {
          ...entry({ reaction: { ...thumbsUp, by: 'zed', kind: 'image', text: '' } }),
          conversationId: 'g1',
          kind: 'group',
        },
      });
    });
    expect(
      within(row('Group List', 'Hiking club')).getAllByText(/Zed reacted 👍 to a photo/).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/unread message/)).toBeNull();
  });
});
