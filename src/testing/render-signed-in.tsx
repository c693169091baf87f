import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { userSignedIn } from '../store/session';
import type { DirectoryUser, FriendRequest } from '../lib/firebase/records';
import { createFakeGateways, type Feeds, type FakeGateways } from './fake-gateways';
import { renderWithProviders } from './render-with-providers';

export const me: DirectoryUser = { uid: 'me', username: 'Mia', usernameLower: 'mia', photo: '' };

/**
 * A signed-in screen over fake gateways: renders `ui`, signs `me` in so the listeners
 * subscribe, and returns helpers to answer those subscriptions.
 */
export function renderSignedIn(ui: ReactElement, fakes: FakeGateways = createFakeGateways()) {
  const rendered = renderWithProviders(ui, { gateways: fakes });
  const { store } = rendered;
  act(() => {
    store.dispatch(
      userSignedIn({
        uid: me.uid,
        email: 'mia@example.com',
        displayName: 'Mia',
        photoURL: '',
        emailVerified: true,
      }),
    );
  });
  /** Pushes a value through a fake live query, as the database would. */
  const push = <T,>(emit: (value: T) => void, value: T) => {
    act(() => emit(value));
  };
  return { ...rendered, view: rendered, feeds: fakes.feeds, push, stop: store.clearListeners };
}

/** Answers every list with nothing (but `friends`), so each panel leaves its loading state. */
export function loadEverythingEmpty(feeds: Feeds, friends: FriendRequest[] = []) {
  act(() => {
    feeds.me.emit(me);
    feeds.requests.emit([]);
    feeds.friends.emit(friends);
    feeds.blocks.emit([]);
    feeds.userPages.emit([]);
    feeds.myGroups.emit([]);
    feeds.groupPages.emit([]);
    feeds.memberships.emit({});
  });
}

/** A dashboard panel, by the start of its title (the count may follow). */
export const panel = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

/** A panel's row, by its accessible name. */
export const row = (panelName: string, rowName: string) =>
  within(panel(panelName)).getByRole('listitem', { name: rowName });
