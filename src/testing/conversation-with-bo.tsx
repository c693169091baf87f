import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ConversationMessage } from '../lib/firebase/conversations/message';
import type { FriendRequest } from '../lib/firebase/records';
import { createFakeGateways, type FakeGateways } from './fake-gateways';
import { loadEverythingEmpty, renderSignedIn } from './render-signed-in';
import { ConversationPanel } from '../features/conversations/ConversationPanel';
import { chatScreenEntered } from '../features/conversations/timeline/conversations-slice';
import { selectFriend } from '../features/conversations/sending/conversations-thunks';

/** Component tests only: me (Mia) and Bo, friends. */
export const bo: FriendRequest = {
  id: 'rel-bo',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
};

/** A message between Mia ('me') and Bo ('bo'). */
export const said = (
  id: string,
  from: 'me' | 'bo',
  createdAt: number,
  text: string,
  more: Partial<ConversationMessage> = {},
): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from === 'me' ? 'Mia' : 'Bo',
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: from === 'me' ? 'Bo' : 'Mia',
  createdAt,
  ...more,
});

/**
 * The chat with Bo open over fake gateways, `messages` as its live newest page; `prepare`
 * steers the fakes before they arrive.
 */
export function conversationWithBo(
  messages: ConversationMessage[],
  { extra, prepare }: { extra?: ReactElement; prepare?: (fakes: FakeGateways) => void } = {},
) {
  const fakes = createFakeGateways();
  prepare?.(fakes);
  const app = renderSignedIn(
    <>
      <ConversationPanel />
      {extra}
    </>,
    fakes,
  );
  loadEverythingEmpty(app.feeds, [bo]);
  act(() => {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(selectFriend({ friendship: bo, friend: { uid: 'bo', name: 'Bo' } }));
  });
  act(() => app.feeds.latestMessages.emit(messages, bo.id));
  return { ...app, fakes, api: fakes.conversations.direct };
}
