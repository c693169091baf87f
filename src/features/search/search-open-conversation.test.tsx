import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { conversationWithBo, said } from '../../testing/conversation-with-bo';
import { userSignedOut } from '../../store/session';
import { SearchLauncher } from './SearchLauncher';
import { searchDatabaseName } from './worker/search-store';

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

// The search backend (its worker, its history reads) stays out of a conversation's
// opening; what the chat received meanwhile is indexed once search starts it.
describe('opening a conversation and the search index', () => {
  it('does not start the index; the chat’s messages are indexed when search starts it', async () => {
    const { user, fakes, store } = conversationWithBo(
      [said('m1', 'bo', 1000, 'meet at the lighthouse'), said('m2', 'me', 2000, 'see you')],
      {
        extra: (
          <MemoryRouter>
            <SearchLauncher />
          </MemoryRouter>
        ),
      },
    );
    expect(await screen.findByText('see you')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(fakes.conversations.direct.fetchOlder).not.toHaveBeenCalled();
    expect(await databases()).not.toContain(searchDatabaseName('me'));
    expect(store.getState().search.size).toBe(0);

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(store.getState().search.size).toBeGreaterThanOrEqual(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'lighthouse');
    expect(await screen.findByText('lighthouse')).toBeInTheDocument();
    act(() => {
      store.dispatch(userSignedOut());
    });
  }, 20_000);
});
