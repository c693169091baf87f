import { act, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { bo, said } from '../../testing/conversation-with-bo';
import { createFakeGateways, loadEverythingEmpty, renderSignedIn } from '../../testing';
import { ConversationPanel, chatScreenEntered, selectFriend } from '../conversations';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import { FindInConversation } from './FindInConversation';
import { SearchField } from './SearchField';
import { SearchLauncher } from './SearchLauncher';
import { searchApiOf } from './search-session';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function Chat() {
  const box = useRef<HTMLDivElement>(null);
  return (
    <div ref={box}>
      <button type="button">in the chat</button>
      <FindInConversation within={box} />
      <ConversationPanel />
    </div>
  );
}

const DAY = 86_400_000;
const now = Date.now();

/** Mia's chat with Bo open, `messages` its live page, the search launcher and field mounted. */
async function searchWithBo(messages: ConversationMessage[]) {
  const fakes = createFakeGateways();
  const app = renderSignedIn(
    <MemoryRouter>
      <SearchField />
      <Chat />
      <SearchLauncher />
      <Where />
    </MemoryRouter>,
    fakes,
  );
  loadEverythingEmpty(app.feeds, [bo]);
  act(() => {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(selectFriend({ friendship: bo, friend: { uid: 'bo', name: 'Bo' } }));
  });
  act(() => app.feeds.latestMessages.emit(messages, bo.id));
  // Opening the chat does not start the index; the idle start would, later.
  await act(() => searchApiOf('me'));
  await waitFor(() =>
    expect(app.store.getState().search.size).toBe(messages.filter((m) => !m.deleted).length),
  );
  return { ...app, fakes };
}

const dialog = () => screen.getByRole('dialog', { name: 'Search messages' });
const searchBox = () => within(dialog()).getByRole('searchbox', { name: 'Search messages' });
const snippets = () => screen.queryAllByTestId('search-snippet').map((s) => s.textContent);

describe('search everywhere', () => {
  it('keeps the keys typed right after Ctrl+K, before the panel has loaded', async () => {
    const { user } = await searchWithBo([said('a', 'bo', now - DAY, 'gym at six')]);
    await user.click(screen.getByRole('button', { name: 'in the chat' }));
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('gym');
    // The field typed into before the panel's code arrived is the one kept after it: a field
    // swapped for another lost the key typed between the two ('quarylane').
    const typedInto = searchBox();
    await screen.findByRole('region', { name: 'Results' }, { timeout: 4000 });
    await waitFor(() => expect(snippets()).toHaveLength(1));
    expect(searchBox()).toBe(typedInto);
    expect(searchBox()).toHaveValue('gym');
    expect(searchBox()).toHaveFocus();
  }, 20_000);

  it('opens with Ctrl+K and finds by prefix, grouped under the conversation, words highlighted', async () => {
    const { user } = await searchWithBo([
      said('m1', 'bo', now - 3 * DAY, 'Meet at the station at noon'),
      said('m2', 'me', now - 2 * DAY, 'The Café on Main street'),
      said('m3', 'bo', now - DAY, 'ok'),
    ]);
    await user.click(screen.getByRole('button', { name: 'in the chat' }));
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search messages' });
    await user.type(searchBox(), 'stat');
    await waitFor(() => expect(snippets()).toEqual(['Meet at the station at noon']));
    const results = within(dialog()).getByRole('region', { name: 'Results' });
    const group = within(results).getByRole('region', { name: 'Bo' });
    expect(within(group).getByText('station').tagName).toBe('MARK');
    // The group's heading and the sender's name.
    expect(within(group).getAllByText('Bo')).toHaveLength(2);
    await user.clear(searchBox());
    await user.type(searchBox(), 'cafe');
    await waitFor(() => expect(snippets()).toEqual(['The Café on Main street']));
    expect(
      within(within(dialog()).getByRole('region', { name: 'Results' })).getByText('Mia'),
    ).toBeInTheDocument();
    // The first test also loads the panel's lazy chunks: slow on a busy machine.
  }, 15_000);

  it('says so when nothing matches, and looks at conversation names for one letter', async () => {
    const { user } = await searchWithBo([said('m1', 'bo', now, 'hello there')]);
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'z');
    // The field's first letter opened the panel with it: one letter, names only.
    await waitFor(() =>
      expect(
        within(dialog()).getByText('No conversation names start with “z”.'),
      ).toBeInTheDocument(),
    );
    await user.clear(searchBox());
    await user.type(searchBox(), 'b');
    expect(within(dialog()).getByRole('button', { name: 'Bo' })).toBeInTheDocument();
    await user.type(searchBox(), 'onjour');
    await waitFor(() =>
      expect(within(dialog()).getByText('No messages match “bonjour”.')).toBeInTheDocument(),
    );
  });

  it('follows an edit and a deletion of a message', async () => {
    const { user, fakes, store } = await searchWithBo([
      said('m1', 'me', now - DAY, 'the climbing gym'),
      said('m2', 'me', now, 'gym bag'),
    ]);
    await user.keyboard('{Control>}k{/Control}');
    await user.type(searchBox(), 'gym');
    await waitFor(() => expect(snippets()).toHaveLength(2));
    const parties = {
      conversationId: bo.id,
      from: { uid: 'me', name: 'Mia' },
      to: { uid: 'bo', name: 'Bo' },
    };
    const first = store.getState().conversations.entities.m1;
    await act(() => fakes.conversations.direct.edit(parties, first, 'the climbing wall', false));
    await waitFor(() => expect(snippets()).toEqual(['gym bag']));
    const second = store.getState().conversations.entities.m2;
    await act(() => fakes.conversations.direct.remove(parties, second, true));
    await waitFor(() =>
      expect(within(dialog()).getByText('No messages match “gym”.')).toBeInTheDocument(),
    );
  });

  it('filters by sender and photos', async () => {
    const { user } = await searchWithBo([
      said('m1', 'me', now - DAY, 'gym one'),
      said('m2', 'bo', now, 'gym two', {
        image: { id: 'm2', width: 10, height: 10, caption: 'gym two' },
      }),
    ]);
    await user.keyboard('{Control>}k{/Control}');
    await user.type(searchBox(), 'gym');
    await waitFor(() => expect(snippets()).toHaveLength(2));
    await user.selectOptions(within(dialog()).getByLabelText('From'), 'Mia');
    await waitFor(() => expect(snippets()).toEqual(['gym one']));
    await user.selectOptions(within(dialog()).getByLabelText('From'), 'Anyone');
    await user.click(within(dialog()).getByLabelText('With photos'));
    await waitFor(() => expect(snippets()).toEqual(['[Photo]gym two']));
  });

  it('opens the chosen result in its conversation through the chat’s jump', async () => {
    const older = said('old', 'bo', now - 30 * DAY, 'the gym is on Harbour road');
    const { user, fakes, store } = await searchWithBo([said('m9', 'bo', now, 'later')]);
    // A message from further back, indexed as history would: the chat has not loaded it.
    fakes.conversations.direct.fetchOne.mockResolvedValue(older);
    fakes.conversations.direct.fetchBetween.mockResolvedValue([older]);
    act(() => {
      store.dispatch({
        type: 'conversations/betweenReceived',
        payload: { key: `d:${bo.id}`, messages: [older] },
      });
    });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(searchBox(), 'harbor');
    await waitFor(() => expect(snippets()).toEqual(['the gym is on Harbour road']));
    await user.click(within(dialog()).getByRole('button', { name: /Harbour/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      `/pages/messages?friend=${bo.id}&view=chat`,
    );
    await waitFor(() => expect(store.getState().conversationQuotes.jump?.id).toBe('old'));
  });
});

/** The Find bar once its code has loaded (its field alone is drawn meanwhile). */
async function findBar() {
  await screen.findByRole('button', { name: 'Previous match' });
  return screen.getByRole('search', { name: 'Find in conversation' });
}

describe('find in conversation', () => {
  it('keeps the keys typed right after Ctrl+F, before the bar has loaded', async () => {
    const { user } = await searchWithBo([
      said('a', 'bo', now - DAY, 'gym at six'),
      said('b', 'bo', now, 'fine'),
    ]);
    await user.click(screen.getByRole('button', { name: 'in the chat' }));
    await user.keyboard('{Control>}f{/Control}');
    await user.keyboard('gym');
    const typedInto = screen.getByRole('searchbox', { name: 'Find in conversation' });
    const bar = await findBar();
    expect(within(bar).getByRole('searchbox', { name: 'Find in conversation' })).toHaveValue('gym');
    await waitFor(() => expect(within(bar).getByText('1 of 1')).toBeInTheDocument());
    expect(within(bar).getByRole('searchbox')).toBe(typedInto);
    expect(within(bar).getByRole('searchbox')).toHaveFocus();
  });

  it('opens with Ctrl+F inside the chat, counts N of M and steps through the matches', async () => {
    const { user, store } = await searchWithBo([
      said('a', 'bo', now - 3 * DAY, 'gym at six'),
      said('b', 'me', now - 2 * DAY, 'no gym today'),
      said('c', 'bo', now - DAY, 'gym tomorrow then'),
      said('d', 'bo', now, 'fine'),
    ]);
    await user.click(screen.getByRole('button', { name: 'in the chat' }));
    await user.keyboard('{Control>}f{/Control}');
    const bar = await findBar();
    await user.type(within(bar).getByRole('searchbox', { name: 'Find in conversation' }), 'gym');
    await waitFor(() => expect(within(bar).getByText('3 of 3')).toBeInTheDocument());
    await waitFor(() => expect(store.getState().conversationQuotes.jump?.id).toBe('c'));
    await user.click(within(bar).getByRole('button', { name: 'Previous match' }));
    expect(within(bar).getByText('2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().conversationQuotes.jump?.id).toBe('b'));
    await user.click(within(bar).getByRole('button', { name: 'Next match' }));
    await user.click(within(bar).getByRole('button', { name: 'Next match' }));
    expect(within(bar).getByText('1 of 3')).toBeInTheDocument();
    await user.type(within(bar).getByRole('searchbox'), 'zz');
    await waitFor(() => expect(within(bar).getByText('No matches')).toBeInTheDocument());
  });

  it('counts all of many matches but steps through the newest 200 only', async () => {
    const many = Array.from({ length: 230 }, (_, i) =>
      said(`m${String(i).padStart(3, '0')}`, 'bo', now - (230 - i) * 60_000, `gym ${String(i)}`),
    );
    const { user, store } = await searchWithBo(many);
    await user.click(screen.getByRole('button', { name: 'in the chat' }));
    await user.keyboard('{Control>}f{/Control}');
    const bar = await findBar();
    await user.type(within(bar).getByRole('searchbox', { name: 'Find in conversation' }), 'gym');
    await waitFor(() => expect(within(bar).getByText('230 of 230')).toBeInTheDocument());
    await user.click(within(bar).getByRole('button', { name: 'Previous match' }));
    expect(within(bar).getByText('229 of 230')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().conversationQuotes.jump?.id).toBe('m228'));
    // Past the newest, Next wraps to the oldest handed over: the 31st of 230.
    await user.click(within(bar).getByRole('button', { name: 'Next match' }));
    await user.click(within(bar).getByRole('button', { name: 'Next match' }));
    expect(within(bar).getByText('31 of 230')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().conversationQuotes.jump?.id).toBe('m030'));
  }, 20_000);

  it('leaves Ctrl+F to the browser outside the conversation', async () => {
    const { user } = await searchWithBo([said('a', 'bo', now, 'gym')]);
    await user.click(screen.getByRole('searchbox', { name: 'Search messages' }));
    await user.keyboard('{Escape}');
    await user.click(document.body);
    await user.keyboard('{Control>}f{/Control}');
    expect(screen.queryByRole('search', { name: 'Find in conversation' })).not.toBeInTheDocument();
  });
});
