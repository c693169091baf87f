import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { latestReceived } from './conversations-slice';
import { message, REL, renderWithChat } from '../../testing/render-with-chat';
import { MessageList } from './MessageList';
import { storeReadMarker } from './read-marker-storage';

const today = (hour: number, minute = 0) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), hour, minute).getTime();
};
const yesterday = (hour: number) => today(hour) - 86_400_000;
const list = () => screen.getByRole('list', { name: 'Conversation with Bo' });

/** The conversation's message rows (a separator row holds a `separator`). */
const messageItems = () =>
  within(list())
    .getAllByRole('listitem')
    .filter((li) => !li.querySelector('[role="separator"]'));

describe('MessageList', () => {
  it('separates days, groups a run from one person and shows its time once', () => {
    renderWithChat(<MessageList name="Bo" />, [
      message('a1', 'bo', yesterday(9), 'Morning!'),
      message('b1', 'bo', today(0, 1), 'First today'),
      message('b2', 'bo', today(0, 2), 'Second today'),
      message('b3', 'me', today(0, 3), 'Mine'),
    ]);
    const separators = within(list()).getAllByRole('separator');
    expect(separators.map((s) => s.textContent)).toEqual(['Yesterday', 'Today']);
    const items = messageItems();
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Morning!',
      'First today',
      'Second today',
      'Mine',
    ]);
    // One time per group: a1, then b1+b2 together (on b2), then b3.
    expect(items.map((li) => li.querySelectorAll('time').length)).toEqual([1, 0, 1, 1]);
    expect(items[3]).toHaveClass('justify-end');
    expect(items[1]).toHaveClass('justify-start');
  });

  it('keeps line breaks and makes only http(s) addresses links, opening safely', () => {
    renderWithChat(<MessageList name="Bo" />, [
      message('m1', 'bo', today(0, 1), 'line one\nline two https://example.com/x.'),
      message('m2', 'bo', today(0, 2), 'javascript:alert(1) <img src=x onerror=alert(1)>'),
    ]);
    const [first, second] = messageItems();
    expect(first.querySelector('p')?.textContent).toBe('line one\nline two https://example.com/x.');
    const link = within(first).getByRole('link', { name: 'https://example.com/x' });
    expect(link).toHaveAttribute('href', 'https://example.com/x');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second).queryByRole('link')).toBeNull();
    expect(second.querySelector('img')).toBeNull();
    expect(second).toHaveTextContent('javascript:alert(1) <img src=x onerror=alert(1)>');
  });

  it("puts 'New messages' before the friend's first message since I last had the chat open", () => {
    storeReadMarker('me', `d:${REL}`, today(0, 2));
    const { store } = renderWithChat(<MessageList name="Bo" />, [
      message('m1', 'bo', today(0, 1)),
      message('m2', 'me', today(0, 2)),
      message('m3', 'me', today(0, 3)),
      message('m4', 'bo', today(0, 4)),
      message('m5', 'bo', today(0, 5)),
    ]);
    const rows = [...list().children].map((li) =>
      li.querySelector('[role="separator"]')
        ? `# ${li.textContent}`
        : (li.querySelector('p')?.textContent ?? ''),
    );
    expect(rows).toEqual(['# Today', 'm1', 'm2', 'm3', '# New messages', 'm4', 'm5']);
    // A message arriving while the chat is open does not move the divider.
    act(() => {
      store.dispatch(
        latestReceived({
          key: `d:${REL}`,
          messages: [4, 5, 6].map((i) => message(`m${String(i)}`, 'bo', today(0, i))),
        }),
      );
    });
    const dividers = within(list())
      .getAllByRole('separator')
      .map((s) => s.textContent);
    expect(dividers).toEqual(['Today', 'New messages']);
    expect(list().children[4]).toHaveTextContent('New messages');
  });

  it('shows no divider the first time this browser shows the chat, and remembers it now', () => {
    renderWithChat(<MessageList name="Bo" />, [message('m1', 'bo', today(0, 1))]);
    expect(screen.queryByText('New messages')).toBeNull();
    expect(JSON.parse(localStorage.getItem('chatReadUpTo') ?? '{}')).toEqual({
      [`me/d:${REL}`]: today(0, 1),
    });
  });

  it('says hello when the conversation is empty', () => {
    renderWithChat(<MessageList name="Bo" />, []);
    expect(screen.getByText('No messages yet. Say hello to Bo!')).toBeInTheDocument();
  });

  it('is reachable with Tab; arrows move between messages, page and Home/End keys scroll', () => {
    renderWithChat(<MessageList name="Bo" />, [
      message('m1', 'bo', today(0, 1), 'one'),
      message('m2', 'bo', today(0, 2), 'two'),
    ]);
    const scroller = screen.getByRole('region', {
      name: 'Messages: arrow keys move between messages, Enter opens their actions',
    });
    expect(scroller).toHaveAttribute('tabindex', '0');
    const scrollBy = vi.fn();
    const scrollTo = vi.fn();
    Object.assign(scroller, { scrollBy, scrollTo });
    const row = (text: string) => screen.getByText(text).closest('[data-message-id]');
    fireEvent.keyDown(scroller, { key: 'ArrowUp' });
    expect(row('two')).toHaveFocus();
    fireEvent.keyDown(row('two') as HTMLElement, { key: 'ArrowUp' });
    expect(row('one')).toHaveFocus();
    fireEvent.keyDown(scroller, { key: 'PageDown' });
    fireEvent.keyDown(scroller, { key: 'Home' });
    fireEvent.keyDown(scroller, { key: 'a' });
    expect(scrollBy).toHaveBeenCalledOnce();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
