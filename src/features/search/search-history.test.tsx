import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { bo, said } from '../../testing/conversation-with-bo';
import { createFakeGateways, loadEverythingEmpty, renderSignedIn } from '../../testing';
import { userSignedOut } from '../../store/session';
import { HISTORY_PAGE_SIZE } from './search-history';
import { searchDatabaseName } from './worker/search-store';
import { SearchLauncher } from './SearchLauncher';

const COUNT = 8 * HISTORY_PAGE_SIZE + 50;
/** Bo's whole conversation, oldest first; the first message mentions the harbour. */
const history = Array.from({ length: COUNT }, (_, i) =>
  said(
    `m${String(i).padStart(4, '0')}`,
    i % 2 ? 'bo' : 'me',
    1_000_000 + i * 1000,
    i === 0 ? 'the harbour gym' : `message ${i}`,
  ),
);

function signedInWithHistory() {
  const fakes = createFakeGateways();
  fakes.conversations.direct.fetchOlder.mockImplementation(({ id, before, pageSize }) => {
    if (id !== bo.id) return Promise.resolve([]);
    const older = history.filter(
      (m) =>
        m.createdAt < before.createdAt || (m.createdAt === before.createdAt && m.id < before.id),
    );
    return Promise.resolve(older.slice(-pageSize));
  });
  const app = renderSignedIn(
    <MemoryRouter>
      <SearchLauncher />
    </MemoryRouter>,
    fakes,
  );
  loadEverythingEmpty(app.feeds, [bo]);
  return { ...app, fakes };
}

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

describe('history indexing', () => {
  it('reads every conversation page by page in the background, with progress and a pause', async () => {
    const { user, fakes, store } = signedInWithHistory();
    await user.keyboard('{Control>}k{/Control}');
    const progress = await screen.findByText(/^Indexing [\d,]+ of about [\d,]+ messages/);
    expect(progress).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Pause indexing' }));
    const calls = fakes.conversations.direct.fetchOlder.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fakes.conversations.direct.fetchOlder.mock.calls.length).toBe(calls);
    expect(screen.getByText(/\(Paused\)$/)).toBeInTheDocument();
    expect(store.getState().search.size).toBeLessThan(COUNT);
    await user.click(screen.getByRole('button', { name: 'Resume indexing' }));
    await waitFor(() => expect(store.getState().search.size).toBe(COUNT), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(/^Indexing/)).not.toBeInTheDocument());
    // Pages follow each other: each read starts below the oldest message indexed.
    const befores = fakes.conversations.direct.fetchOlder.mock.calls
      .filter(([page]) => page.pageSize === HISTORY_PAGE_SIZE)
      .map(([page]) => page.before.id);
    const oldestOfEachPage = Array.from(
      { length: 8 },
      (_, i) => history[COUNT - (i + 1) * HISTORY_PAGE_SIZE]?.id,
    );
    expect(befores).toEqual(['~', ...oldestOfEachPage]);
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'harbour');
    expect(await screen.findByText('harbour')).toBeInTheDocument();
    act(() => {
      store.dispatch(userSignedOut());
    });
  }, 20_000);

  it('then reads what was edited or deleted since its newest message, into the index', async () => {
    const { user, fakes, store } = signedInWithHistory();
    const newest = history.at(-1)?.createdAt ?? 0;
    const edited = {
      ...said('m0000', 'me', 1_000_000, 'the lighthouse gym'),
      editedAt: newest + 5,
    };
    const deleted = { ...said('m0001', 'bo', 1_001_000, ''), deleted: true };
    fakes.conversations.direct.fetchChangedSince.mockResolvedValue({
      messages: [edited, deleted],
      until: newest + 5,
    });
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(store.getState().search.size).toBe(COUNT - 1), { timeout: 5000 });
    expect(fakes.conversations.direct.fetchChangedSince).toHaveBeenCalledTimes(1);
    expect(fakes.conversations.direct.fetchChangedSince).toHaveBeenCalledWith(bo.id, newest);
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'lighthouse');
    expect(await screen.findByText('lighthouse')).toBeInTheDocument();
    act(() => {
      store.dispatch(userSignedOut());
    });
  }, 20_000);

  it('deletes the saved index from the device on logout', async () => {
    const { user, store } = signedInWithHistory();
    // The index starts on first need (search-session.ts): opening search is one.
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(store.getState().search.size).toBe(COUNT), { timeout: 5000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(await databases()).toContain(searchDatabaseName('me'));
    act(() => {
      store.dispatch(userSignedOut());
    });
    await waitFor(async () => expect(await databases()).not.toContain(searchDatabaseName('me')));
  }, 20_000);
});
