// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/entry';
import { sampleUser, signedIn } from '../../testing/session-fixtures';
import { makeTestStore } from '../../testing/test-store';
import { inboxReceived } from '../inbox/inbox-slice';
import { inboxPrefsReceived } from '../inbox/inbox-prefs-slice';
import { myGroupsReceived } from '../groups/groups-slice';
import { myMembershipsReceived, rosterReceived } from '../groups/groups-memberships-slice';
import { desktopNotice, messageNotice } from './desktop-notification';
import { inboxMessageIds, messageAlertOf } from './message-alerts';
import { messageTarget } from './notification-text';

const entry = (conversationId: string, fields: Partial<InboxEntry> = {}): InboxEntry => ({
  conversationId,
  kind: 'direct',
  unread: 1,
  lastMessageId: 'm1',
  lastSenderId: 'bo',
  lastText: 'Lunch?',
  lastKind: 'text',
  lastAt: 1000,
  ...fields,
});

/** Me (Mia) with friend Bo and group Hikers (run by Al, Bo a member), as the listeners deliver them. */
function storeWithPeople() {
  const store = makeTestStore(signedIn({ ...sampleUser, uid: 'me' }));
  store.dispatch({
    type: 'friends/friendsReceived',
    payload: [
      {
        id: 'rel-bo',
        senderId: 'bo',
        senderName: 'Bo',
        receiverId: 'me',
        receiverName: 'Mia',
        photo: '',
      },
    ],
  });
  store.dispatch(
    myGroupsReceived([
      { id: 'hike', adminId: 'al', adminName: 'Al', groupName: 'Hikers', groupTag: '' },
    ]),
  );
  store.dispatch(myMembershipsReceived({ hike: 'member' }));
  store.dispatch(
    rosterReceived({
      groupId: 'hike',
      entries: [{ groupId: 'hike', uid: 'bo', username: 'Bo', status: 'member', at: 1 }],
    }),
  );
  return store;
}

const alertOf = (store: ReturnType<typeof storeWithPeople>, key: ConversationKey, e: InboxEntry) =>
  messageAlertOf(store.getState(), key, e);

describe('message alerts', () => {
  it('names the friend of a 1:1 message, and the sender and group of a group message', () => {
    const store = storeWithPeople();
    expect(alertOf(store, 'd:rel-bo', entry('rel-bo', { unread: 2 }))).toEqual({
      id: 'd:rel-bo:m1',
      key: 'd:rel-bo',
      messageId: 'm1',
      sender: 'Bo',
      preview: { text: 'Lunch?', kind: 'text' },
      count: 2,
      muted: false,
    });
    const group = (sender: string) =>
      alertOf(store, 'g:hike', entry('hike', { kind: 'group', lastSenderId: sender }));
    expect(group('bo')).toMatchObject({ sender: 'Bo', group: 'Hikers', key: 'g:hike' });
    // The admin is named from the group's record, not the roster.
    expect(group('al')).toMatchObject({ sender: 'Al', group: 'Hikers' });
  });

  it('is no news: my own message, one read already, a deleted one, a former friend or group', () => {
    const store = storeWithPeople();
    expect(alertOf(store, 'd:rel-bo', entry('rel-bo', { lastSenderId: 'me' }))).toBeNull();
    expect(alertOf(store, 'd:rel-bo', entry('rel-bo', { unread: 0 }))).toBeNull();
    expect(
      alertOf(store, 'd:rel-bo', entry('rel-bo', { lastKind: 'deleted', lastText: '' })),
    ).toBeNull();
    expect(alertOf(store, 'd:rel-gone', entry('rel-gone'))).toBeNull();
    // A friendship id used as a group id is no group of mine.
    expect(alertOf(store, 'g:rel-bo', entry('rel-bo', { kind: 'group' }))).toBeNull();
    store.dispatch(myMembershipsReceived({}));
    store.dispatch(myGroupsReceived([]));
    expect(alertOf(store, 'g:hike', entry('hike', { kind: 'group' }))).toBeNull();
  });

  it('says when the conversation is muted', () => {
    const store = storeWithPeople();
    store.dispatch(
      inboxPrefsReceived({
        byKey: { 'g:hike': { mutedUntil: 'always', archivedAt: null } },
        pins: [],
      }),
    );
    expect(alertOf(store, 'g:hike', entry('hike', { kind: 'group' }))?.muted).toBe(true);
    expect(alertOf(store, 'd:rel-bo', entry('rel-bo'))?.muted).toBe(false);
  });

  it('knows the inbox’s last messages by conversation and message', () => {
    const store = storeWithPeople();
    store.dispatch(
      inboxReceived({
        'd:rel-bo': entry('rel-bo', { lastMessageId: 'a' }),
        'g:hike': entry('hike', { kind: 'group', lastMessageId: 'b' }),
      }),
    );
    expect(inboxMessageIds(store.getState().inbox.entries)).toEqual(['d:rel-bo:a', 'g:hike:b']);
  });

  it('words the notification: who, where and what, one per conversation', () => {
    const store = storeWithPeople();
    const direct = alertOf(store, 'd:rel-bo', entry('rel-bo', { unread: 3 }));
    const photo = alertOf(
      store,
      'g:hike',
      entry('hike', { kind: 'group', lastKind: 'image', lastText: '' }),
    );
    if (!direct || !photo) throw new Error('expected alerts');
    expect(messageNotice(direct, true)).toEqual({
      title: 'Bo',
      body: 'Lunch?',
      tag: 'conversation:d:rel-bo',
    });
    expect(messageNotice(direct, false).body).toBe('3 new messages from Bo');
    expect(messageNotice(photo, true)).toEqual({
      title: 'Bo in Hikers',
      body: 'Photo',
      tag: 'conversation:g:hike',
    });
    // A mention of me shares its group's notification.
    const mention = desktopNotice({
      id: 'mention_hike_al',
      kind: 'mention',
      actorId: 'al',
      actorName: 'Al',
      ref: 'hike',
      subject: 'Hikers',
      messageId: 'm9',
      at: 1,
      read: false,
    });
    expect(mention).toEqual({
      title: 'Al mentioned you in Hikers',
      body: '',
      tag: 'conversation:g:hike',
    });
  });

  it('leads to the conversation at the message', () => {
    expect(messageTarget('d:rel-bo', 'm1')).toBe(
      '/pages/messages?view=chat&friend=rel-bo&message=m1',
    );
    expect(messageTarget('g:hike', '-Nx')).toBe('/pages/messages?view=chat&group=hike&message=-Nx');
  });
});
