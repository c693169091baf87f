import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { MessagesPage } from '../app/routes/MessagesPage';
import { MessagesBadge } from '../features/inbox';
import type { ConversationKey } from '../lib/conversation-key';
import type { InboxEntry } from '../lib/firebase/inbox/entry';
import type { FriendRequest } from '../lib/firebase/records';
import { userSignedIn } from '../store/session';
import { createFakeGateways, type FakeGateways } from './fake-gateways';
import { loadEverythingEmpty } from './render-signed-in';
import { renderWithProviders } from './render-with-providers';

/**
 * The messages screen with the nav's unread badge, Mia signed in with `friends`, over fresh fake
 * gateways per test (`fakes`); `start()` renders it, and the listeners stop after each test.
 */
export function inboxPageEachTest(friends: FriendRequest[]) {
  let fakes: FakeGateways = createFakeGateways();
  let stop = () => {};
  beforeEach(() => {
    fakes = createFakeGateways();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });
  const start = () => {
    const view = renderWithProviders(
      <>
        <nav aria-label="Main">
          <MessagesBadge />
        </nav>
        <MessagesPage />
      </>,
      { gateways: fakes, route: '/pages/messages', toasts: false },
    );
    act(() => {
      view.store.dispatch(
        userSignedIn({
          uid: 'me',
          email: 'mia@example.com',
          displayName: 'Mia',
          photoURL: '',
          emailVerified: true,
        }),
      );
    });
    loadEverythingEmpty(fakes.feeds, friends);
    stop = view.store.clearListeners;
    return view;
  };
  return {
    get fakes() {
      return fakes;
    },
    start,
    emit: (fn: () => void) => act(fn),
    inbox: (entries: Record<ConversationKey, InboxEntry>) =>
      act(() => fakes.feeds.inbox.emit(entries)),
    /** The Friend List's rows, top to bottom. */
    names: () =>
      within(screen.getByRole('list', { name: 'Friend List' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
  };
}
