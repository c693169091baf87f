import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { latestReceived } from '../timeline/conversations-slice';
import { message, REL, renderWithConversation } from '../../../testing/render-with-conversation';
import { MessageList } from './MessageList';
import { storeReadMarker } from '../receipts/read-marker-storage';

const today = (hour: number, minute = 0) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), hour, minute).getTime();
};
const yesterday = (hour: number) => today(hour) - 86_400_000;
const list = () => screen.getByRole('feed', { name: 'Conversation with Bo' });

/** The conversation's messages, each an article of the feed. */
const messageItems = () => within(list()).getAllByRole('article');
/** The day and 'New messages' separators' texts, between the articles. */
const separators = () =>
  [...list().querySelectorAll('[data-separator]')].map((item) => item.textContent);

describe('MessageList', () => {
  it('separates days, groups a run from one person and shows its time once', () => {
    renderWithConversation(<MessageList name="Bo" />, [
      message('a1', 'bo', yesterday(9), 'Morning!'),
      message('b1', 'bo', today(0, 1), 'First today'),
      message('b2', 'bo', today(0, 2), 'Second today'),
      message('b3', 'me', today(0, 3), 'Mine'),
    ]);
    expect(separators()).toEqual(['Yesterday', 'Today']);
    const items = messageItems();
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Morning!',
      'First today',
      'Second today',
      'Mine',
    ]);
    // One time per group: a1, then b1+b2 together (on b2), then b3.
    expect(items.map((li) => li.querySelectorAll('time').length)).toEqual([1, 0, 1, 1]);
    expect(items[3].parentElement).toHaveClass('justify-end');
    expect(items[1].parentElement).toHaveClass('justify-start');
  });

  it('keeps line breaks and makes only http(s) addresses links, opening safely', () => {
    renderWithConversation(<MessageList name="Bo" />, [
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
    const { store } = renderWithConversation(<MessageList name="Bo" />, [
      message('m1', 'bo', today(0, 1)),
      message('m2', 'me', today(0, 2)),
      message('m3', 'me', today(0, 3)),
      message('m4', 'bo', today(0, 4)),
      message('m5', 'bo', today(0, 5)),
    ]);
    const rows = [...list().children].map((item) =>
      item.hasAttribute('data-separator')
        ? `# ${item.textContent}`
        : (item.querySelector('p')?.textContent ?? ''),
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
    expect(separators()).toEqual(['Today', 'New messages']);
    expect(list().children[4]).toHaveTextContent('New messages');
  });

  it('shows no divider the first time this browser shows the chat, and remembers it now', () => {
    renderWithConversation(<MessageList name="Bo" />, [message('m1', 'bo', today(0, 1))]);
    expect(screen.queryByText('New messages')).toBeNull();
    expect(JSON.parse(localStorage.getItem('chatReadUpTo') ?? '{}')).toEqual({
      [`me/d:${REL}`]: today(0, 1),
    });
  });

  it('says hello when the conversation is empty', () => {
    renderWithConversation(<MessageList name="Bo" />, []);
    expect(screen.getByText('No messages yet. Say hello to Bo!')).toBeInTheDocument();
  });
});
