import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import type { AppStartListening } from '../../../app/listener-middleware';
import { registerSessionListeners } from '../../../app/listeners';
import { registerSignedInListeners } from '../../../app/signed-in-listeners';
import { rootReducer } from '../../../app/reducer';
import type { DirectoryUser, FriendRequest } from '../../../lib/firebase/records';
import { userSignedIn } from '../../auth';
import { HomePage } from '../HomePage';
import { fakes } from './fake-gateways';

export const me: DirectoryUser = { uid: 'me', username: 'Mia', usernameLower: 'mia', photo: '' };

/**
 * The dashboard (or another signed-in screen) with a real store and every app listener, over
 * the fake gateways: signs `me` in, so the listeners subscribe, and returns helpers to answer
 * those subscriptions.
 */
export function renderHome(screenUnderTest: ReactNode = <HomePage />) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware),
  });
  const start = listeners.startListening as AppStartListening;
  registerSessionListeners(start);
  registerSignedInListeners(start);
  const view = render(
    <Provider store={store}>
      {screenUnderTest}
      <ToastContainer position="top-center" autoClose={5000} theme="dark" />
    </Provider>,
  );
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
  return { store, view, feeds: fakes.feeds, push, stop: () => listeners.clearListeners() };
}

/** Answers every list with nothing (but `friends`), so each panel leaves its loading state. */
export function loadEverythingEmpty(feeds: typeof fakes.feeds, friends: FriendRequest[] = []) {
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
