import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { slices } from '../app/slices';
import { buildRootReducer } from '../store/store';
import type { ConversationMessage } from '../lib/firebase/conversations/message';
import { userSignedIn } from '../store/session';
import {
  conversationOpened,
  latestReceived,
} from '../features/conversations/timeline/conversations-slice';

export const REL = 'rel-bo';

export const message = (
  id: string,
  from: string,
  createdAt: number,
  text = id,
): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from,
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: 'x',
  createdAt,
});

/**
 * The app's reducers with me ('me') signed in and the conversation with Bo open, for
 * rendering a chat part on its own; every action dispatched is recorded.
 */
export function renderWithConversation(ui: ReactElement, messages: ConversationMessage[] = []) {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: buildRootReducer(slices),
    middleware: (getDefault) => getDefault().concat(record),
  });
  store.dispatch(
    userSignedIn({
      uid: 'me',
      email: 'me@example.com',
      displayName: 'Mia',
      photoURL: '',
      emailVerified: true,
    }),
  );
  store.dispatch(conversationOpened(REL));
  store.dispatch(latestReceived({ key: `d:${REL}`, messages }));
  const view = render(<Provider store={store}>{ui}</Provider>);
  return { store, view, actions };
}
