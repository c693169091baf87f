import type { Unsubscribe } from '@reduxjs/toolkit';
import type { AppDispatch, AppStartListening, RootState } from '../../store/store';
import type { DirectoryApi } from '../../lib/firebase/directory';
import { whileSignedIn } from '../../store/session';
import { profilesSeen } from '../profiles';
import {
  moreUsersRequested,
  selectUserDirectory,
  USER_PAGE_SIZE,
  userPageFailed,
  userPageReceived,
  userSearchChanged,
} from './directory-slice';

/** How long typing must pause before the search query is sent. */
const SEARCH_DEBOUNCE_MS = 250;

/** One live listener per loaded page of the current search. */
class PageListeners {
  private readonly pages: Unsubscribe[] = [];
  /** The search the open pages belong to. */
  search: string | null = null;

  constructor(
    private readonly api: DirectoryApi,
    private readonly dispatch: AppDispatch,
    private readonly getState: () => RootState,
  ) {}

  /** Opens the next page after the ones already open (page 0 when none is). */
  openNext(): void {
    const { search, pages } = selectUserDirectory(this.getState());
    const index = this.pages.length;
    this.search = search;
    // The next page starts after the last user of the previous one, as it was delivered.
    if (index > 0 && pages.length < index) return;
    const previous = index > 0 ? pages[index - 1] : undefined;
    const last = previous?.[previous.length - 1];
    if (index > 0 && !last) return;
    const after = last ? { uid: last.uid, usernameLower: last.usernameLower } : null;
    this.pages.push(
      this.api.subscribeUserPage(
        { search, after, pageSize: USER_PAGE_SIZE },
        (users) => {
          this.dispatch(userPageReceived({ search, index, users }));
          this.dispatch(profilesSeen(users));
        },
        (error) => this.dispatch(userPageFailed({ search, message: error.message })),
      ),
    );
  }

  closeAll(): void {
    for (const unsubscribe of this.pages.splice(0)) unsubscribe();
  }
}

/** The User List: pages of `users` for the current search, live while signed in. */
export function addUserDirectoryListeners(startAppListening: AppStartListening): void {
  let pages: PageListeners | null = null;

  whileSignedIn(startAppListening, (_uid, listenerApi) => {
    const session = new PageListeners(listenerApi.extra.directory, listenerApi.dispatch, () =>
      listenerApi.getState(),
    );
    pages = session;
    session.openNext();
    return () => {
      session.closeAll();
      if (pages === session) pages = null;
    };
  });

  startAppListening({
    actionCreator: userSearchChanged,
    effect: async (_action, listenerApi) => {
      // Typing fast cancels the previous wait: one query per pause, not per key.
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(SEARCH_DEBOUNCE_MS);
      if (!pages || pages.search === selectUserDirectory(listenerApi.getState()).search) return;
      pages.closeAll();
      pages.openNext();
    },
  });

  startAppListening({
    actionCreator: moreUsersRequested,
    effect: (_action, listenerApi) => {
      if (pages && selectUserDirectory(listenerApi.getState()).loadingMore) pages.openNext();
    },
  });
}
