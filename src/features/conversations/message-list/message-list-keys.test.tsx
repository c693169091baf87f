import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { message, REL, renderWithConversation } from '../../../testing/render-with-conversation';
import { olderFailed, olderReceived, olderRequested } from '../timeline/conversations-slice';
import { MessageList } from './MessageList';
import { formatMessageTime } from '../message/message-time';

const key = `d:${REL}` as const;
const today = (minute: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, minute).getTime();
};

const feed = () => screen.getByRole('feed', { name: 'Conversation with Bo' });
const scroller = () =>
  screen.getByRole('region', {
    name: 'Messages: arrow keys move between messages, Enter opens their actions',
  });
/** The article of the message whose words are `text`. */
const article = (text: string) => {
  const found = within(feed())
    .getAllByRole('article')
    .find((el) => el.querySelector('[data-message-body]')?.textContent === text);
  if (!found) throw new Error(`no message says ${text}`);
  return found;
};
/** The words of the messages that are Tab stops (tabindex 0). */
const tabStops = () =>
  within(feed())
    .getAllByRole('article')
    .filter((el) => el.tabIndex === 0)
    .map((el) => el.querySelector('[data-message-body]')?.textContent);

/** The list with a button after it, where the message field would be. */
function renderList(messages: Parameters<typeof renderWithConversation>[1]) {
  const rendered = renderWithConversation(
    <>
      <MessageList name="Bo" />
      <button type="button">after</button>
    </>,
    messages,
  );
  return { ...rendered, user: userEvent.setup() };
}

describe('the message list with the keyboard', () => {
  it('names each message by sender, time and words, with its place in the feed', () => {
    renderList([message('m1', 'bo', today(1), 'hello'), message('m2', 'me', today(2), 'hi Bo')]);
    const theirs = screen.getByRole('article', {
      name: `bo, ${formatMessageTime(today(1))}: hello`,
    });
    const mine = screen.getByRole('article', {
      name: `You, ${formatMessageTime(today(2))}: hi Bo`,
    });
    expect(theirs).toHaveAttribute('aria-posinset', '1');
    expect(mine).toHaveAttribute('aria-posinset', '2');
    // Nothing older to load: the size is known.
    expect(mine).toHaveAttribute('aria-setsize', '2');
    expect(feed()).toHaveAttribute('aria-busy', 'false');
  });

  it('is one Tab stop, the newest message, then the one last focused; its controls wait for Tab', async () => {
    const { user } = renderList([
      { ...message('m1', 'bo', today(1), 'one'), reactions: { '👍': { bo: 1 } } },
      message('m2', 'bo', today(2), 'see https://example.com/x'),
      message('m3', 'me', today(3), 'three'),
    ]);
    expect(tabStops()).toEqual(['three']);
    // The box itself is no stop while its current message is drawn, nor the chip or the link.
    expect(scroller()).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('button', { name: /^👍 1 reaction/ })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    const link = screen.getByRole('link', { name: 'https://example.com/x' });
    expect(link).toHaveAttribute('tabindex', '-1');

    screen.getByRole('button', { name: 'after' }).focus();
    await user.tab({ shift: true });
    expect(article('three')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(article('see https://example.com/x')).toHaveFocus();
    expect(tabStops()).toEqual(['see https://example.com/x']);

    // Tab enters the message: its link, then its toolbar; Escape goes back to the message.
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(article('see https://example.com/x')).toHaveFocus();
    expect(link).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(link).toHaveFocus();
    const toolbar = within(article('see https://example.com/x'));
    await user.tab();
    expect(toolbar.getByRole('button', { name: 'React' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(toolbar.getByRole('button', { name: 'More actions' })).toHaveFocus();
    // From its last control, out of the list; back with Shift+Tab to the message last focused.
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    expect(link).toHaveAttribute('tabindex', '-1');
    await user.tab({ shift: true });
    expect(article('see https://example.com/x')).toHaveFocus();
  });

  it('Up/Down skip the separators, Home/End go to the ends, the menu keys open the menu', async () => {
    const yesterday = today(1) - 86_400_000;
    const { user } = renderList([
      message('a1', 'bo', yesterday, 'old'),
      message('b1', 'bo', today(1), 'first today'),
      message('b2', 'me', today(2), 'last'),
    ]);
    scroller().focus();
    expect(article('last')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(article('old')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(article('old')).toHaveFocus();
    await user.keyboard('{End}');
    expect(article('last')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(article('old')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(article('first today')).toHaveFocus();

    for (const press of [{ key: 'ContextMenu' }, { key: 'F10', shiftKey: true }]) {
      fireEvent.keyDown(article('first today'), press);
      expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(article('first today')).toHaveFocus();
    }
  });

  it('Home loads older pages until the first message, the feed busy meanwhile', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        message(`m${String(from + i)}`, 'bo', 1000 * (from + i), `n${String(from + i)}`),
      );
    const { store, actions, user } = renderList(page(100, 50));
    const requests = () => actions.filter((action) => olderRequested.match(action)).length;
    scroller().focus();
    expect(article('n149')).toHaveAttribute('aria-setsize', '-1');

    await user.keyboard('{Home}');
    expect(requests()).toBe(1);
    expect(feed()).toHaveAttribute('aria-busy', 'true');
    // A full page: there may be more, so the next one is asked for.
    act(() => {
      store.dispatch(olderReceived({ key, messages: page(50, 50) }));
    });
    expect(requests()).toBe(2);
    expect(article('n149')).toHaveFocus();
    // A short one is the last: the first message takes the focus.
    act(() => {
      store.dispatch(olderReceived({ key, messages: page(40, 10) }));
    });
    expect(requests()).toBe(2);
    // Drawn a moment later (Virtuoso renders the prepended rows in a render of its own).
    await waitFor(() => expect(article('n40')).toHaveFocus());
    expect(article('n40')).toHaveAttribute('aria-posinset', '1');
    expect(article('n40')).toHaveAttribute('aria-setsize', '110');
    expect(feed()).toHaveAttribute('aria-busy', 'false');
  });

  it('Up on the first loaded message loads the page above; a failed load ends the wait', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        message(`m${String(from + i)}`, 'bo', 1000 * (from + i), `n${String(from + i)}`),
      );
    const { store, actions, user } = renderList(page(100, 50));
    const requests = () => actions.filter((action) => olderRequested.match(action)).length;
    scroller().focus();
    await user.keyboard('{Home}');
    expect(requests()).toBe(1);
    // The load fails: nothing more is asked for, the focus stays.
    act(() => {
      store.dispatch(olderFailed({ key }));
    });
    expect(requests()).toBe(1);
    expect(article('n149')).toHaveFocus();

    article('n100').focus();
    await user.keyboard('{ArrowUp}');
    expect(requests()).toBe(2);
    act(() => {
      store.dispatch(olderReceived({ key, messages: page(50, 50) }));
    });
    await waitFor(() => expect(article('n99')).toHaveFocus());
  });
});
