// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/entry';
import { paths } from '../../config/paths';
import { sampleUser, signedIn } from '../../testing/session-fixtures';
import { makeTestStore } from '../../testing/test-store';
import { inboxPrefsReceived } from '../inbox/inbox-prefs-slice';
import { myGroupsReceived } from '../groups/groups-slice';
import { myMembershipsReceived } from '../groups/groups-memberships-slice';
import { conversationOpened, latestReceived } from '../conversations/timeline/conversations-slice';
import {
  chatShownChanged,
  tabVisibilityChanged,
} from '../conversations/receipts/conversations-receipts-slice';
import { messageAlertOf } from './message-alerts';
import { messageToastOf } from './message-toast';
import { notificationsStrings } from './notifications-strings';

const entry = (conversationId: string, fields: Partial<InboxEntry> = {}): InboxEntry => ({
  conversationId,
  kind: 'direct',
  unread: 1,
  lastMessageId: 'm1',
  lastSenderId: 'ulla',
  lastText: 'Hi',
  lastKind: 'text',
  lastAt: 1000,
  ...fields,
});

/** Me (Mia) with friends Ulla and Bo and the group Hikers (run by Ulla), as delivered. */
function storeWithPeople() {
  const store = makeTestStore(signedIn({ ...sampleUser, uid: 'me' }));
  const friend = (id: string, uid: string, name: string) => ({
    id,
    senderId: uid,
    senderName: name,
    receiverId: 'me',
    receiverName: 'Mia',
    photo: '',
  });
  store.dispatch({
    type: 'friends/friendsReceived',
    payload: [friend('rel-ulla', 'ulla', 'Ulla'), friend('rel-bo', 'bo', 'Bo')],
  });
  store.dispatch(
    myGroupsReceived([
      { id: 'hike', adminId: 'ulla', adminName: 'Ulla', groupName: 'Hikers', groupTag: '' },
    ]),
  );
  store.dispatch(myMembershipsReceived({ hike: 'member' }));
  const toastOf = (key: ConversationKey, e: InboxEntry, pathname: string = paths.home) => {
    const alert = messageAlertOf(store.getState(), key, e);
    if (!alert) throw new Error(`no alert for ${key}`);
    return messageToastOf(store.getState(), alert, pathname);
  };
  return { store, toastOf };
}

describe('the toast of a new message', () => {
  it('is one per conversation, keyed by it, with the unread count', () => {
    const { toastOf } = storeWithPeople();
    const first = toastOf('d:rel-ulla', entry('rel-ulla', { unread: 28, lastMessageId: 'm28' }));
    const later = toastOf('d:rel-ulla', entry('rel-ulla', { unread: 32, lastMessageId: 'm32' }));
    expect(first).toEqual({
      key: 'message:d:rel-ulla',
      text: notificationsStrings.text.message('Ulla', 28),
    });
    expect(later).toEqual({
      key: 'message:d:rel-ulla',
      text: '32 new messages from Ulla',
    });
    expect(toastOf('d:rel-bo', entry('rel-bo', { lastSenderId: 'bo' }))?.key).toBe(
      'message:d:rel-bo',
    );
  });

  it('is none for a muted conversation', () => {
    const { store, toastOf } = storeWithPeople();
    store.dispatch(
      inboxPrefsReceived({
        byKey: { 'd:rel-ulla': { mutedUntil: 'always', archivedAt: null } },
        pins: [],
      }),
    );
    expect(toastOf('d:rel-ulla', entry('rel-ulla'))).toBeNull();
    expect(toastOf('d:rel-bo', entry('rel-bo', { lastSenderId: 'bo' }))).not.toBeNull();
  });

  it('is none for the conversation on screen', () => {
    const { store, toastOf } = storeWithPeople();
    store.dispatch(conversationOpened('rel-ulla'));
    store.dispatch(latestReceived({ key: 'd:rel-ulla', messages: [] }));
    store.dispatch(tabVisibilityChanged(true));
    store.dispatch(chatShownChanged(true));
    expect(toastOf('d:rel-ulla', entry('rel-ulla'))).toBeNull();
    expect(toastOf('d:rel-bo', entry('rel-bo', { lastSenderId: 'bo' }))).not.toBeNull();
  });

  it('is none on the screens that list the conversations, nor for a group', () => {
    const { toastOf } = storeWithPeople();
    expect(toastOf('d:rel-ulla', entry('rel-ulla'), paths.messages)).toBeNull();
    expect(toastOf('d:rel-ulla', entry('rel-ulla'), paths.notification)).toBeNull();
    expect(toastOf('d:rel-ulla', entry('rel-ulla'), paths.settings)).not.toBeNull();
    expect(toastOf('g:hike', entry('hike', { kind: 'group' }))).toBeNull();
  });
});
