import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import type { FriendRequest } from '../../lib/firebase/records';
import { componentsStrings } from '../../components/components-strings';
import { conversationsStrings } from '../conversations/conversations-strings';
import { profilesStrings } from './profiles-strings';
import { loadEverythingEmpty, renderSignedIn } from '../../testing';
import { FriendListPanel } from '../friends';
import { ConversationPanel, chatScreenEntered, selectFriend } from '../conversations';

const bo: FriendRequest = {
  id: 'rel-bo',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
};
const hello: ConversationMessage = {
  id: 'm1',
  text: 'Hi Mia',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  createdAt: 1000,
};

/** The chat with Bo and my Friend List, Bo's conversation loaded and Bo online. */
function conversationWithBo() {
  const app = renderSignedIn(
    <>
      <FriendListPanel />
      <ConversationPanel />
    </>,
  );
  loadEverythingEmpty(app.feeds, [bo]);
  act(() => {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(selectFriend({ friendship: bo, friend: { uid: 'bo', name: 'Bo' } }));
  });
  act(() => {
    app.feeds.latestMessages.emit([hello], bo.id);
    app.feeds.statuses.emit({ state: 'online', lastChanged: 1 }, 'bo');
  });
  return app;
}

const chat = () => screen.getByRole('region', { name: conversationsStrings.chat.label });

describe("a friend's profile seen live", () => {
  it('a new name shows in the chat header and the Friend List at once', () => {
    const { feeds } = conversationWithBo();
    expect(within(chat()).getByRole('heading', { name: 'Bo' })).toBeInTheDocument();
    act(() =>
      feeds.profiles.emit(
        { uid: 'bo', username: 'Boris', usernameLower: 'boris', photo: '' },
        'bo',
      ),
    );
    expect(within(chat()).getByRole('heading', { name: 'Boris' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Boris' })).toBeInTheDocument();
  });

  it('a deleted account: named as such, the chat readable, no presence and no message field', () => {
    const { feeds } = conversationWithBo();
    expect(within(chat()).getByText('Online')).toBeInTheDocument();
    expect(within(chat()).getByText('Hi Mia')).toBeInTheDocument();
    expect(within(chat()).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    act(() => feeds.profiles.emit(null, 'bo'));
    const deleted = profilesStrings.people.deletedAccount;
    expect(within(chat()).getByRole('heading', { name: deleted })).toBeInTheDocument();
    expect(within(chat()).getByText('Hi Mia')).toBeInTheDocument();
    expect(within(chat()).queryByText('Online')).toBeNull();
    expect(within(chat()).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(chat()).getByRole('note')).toHaveTextContent(
      componentsStrings.people.cannotReceive,
    );
    const friendRow = screen.getByRole('listitem', { name: deleted });
    expect(friendRow).toHaveTextContent(componentsStrings.people.cannotReceive);
    expect(within(friendRow).queryByRole('button', { name: /Block/ })).toBeNull();
  });
});
