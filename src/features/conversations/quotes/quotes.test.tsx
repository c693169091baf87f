import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bo, conversationWithBo, said } from '../../../testing/conversation-with-bo';
import { messageSelectors } from '../timeline/conversations-slice';

const quote = (name: string | RegExp) => screen.getByRole('button', { name });
const bubbleOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="article"]');

describe('a quote inside a bubble', () => {
  it("shows a loaded original's author and first line, and 'Photo' for a photo", () => {
    const { api } = conversationWithBo([
      said('m1', 'bo', 1000, 'see you at 8?\nor 9'),
      said('m2', 'bo', 2000, '', { image: { id: 'm2', width: 10, height: 10, caption: '' } }),
      said('m3', 'me', 3000, 'yes!', { replyTo: 'm1' }),
      said('m4', 'bo', 4000, 'nice', { replyTo: 'm2' }),
      said('m5', 'bo', 5000, 'right', { replyTo: 'm3' }),
    ]);
    expect(quote('Quoted message from Bo: see you at 8?')).toBeInTheDocument();
    expect(quote('Quoted message from Bo: Photo')).toBeInTheDocument();
    expect(quote('Quoted message from You: yes!')).toBeInTheDocument();
    expect(api.fetchOne).not.toHaveBeenCalled();
  });

  it('reads an original that is not loaded once, even quoted twice', async () => {
    const { api } = conversationWithBo(
      [
        said('m2', 'me', 2000, 'yes', { replyTo: 'old' }),
        said('m3', 'me', 3000, 'really', { replyTo: 'old' }),
      ],
      {
        prepare: (fakes) =>
          fakes.conversations.direct.fetchOne.mockResolvedValue(said('old', 'bo', 10, 'way back')),
      },
    );
    expect(screen.getAllByText('Loading the quoted message…')).toHaveLength(2);
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Quoted message from Bo: way back' }),
      ).toHaveLength(2),
    );
    expect(api.fetchOne).toHaveBeenCalledTimes(1);
    expect(api.fetchOne).toHaveBeenCalledWith(bo.id, 'old');
  });

  it("says 'This message was deleted' for a deleted or gone original", async () => {
    const { api } = conversationWithBo([
      said('m1', 'bo', 1000, '', { deleted: true }),
      said('m2', 'me', 2000, 'what was it?', { replyTo: 'm1' }),
      said('m3', 'me', 3000, 'and that?', { replyTo: 'gone' }),
    ]);
    expect(
      within(bubbleOf('what was it?')!).getByText('This message was deleted'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(bubbleOf('and that?')!).getByText('This message was deleted'),
      ).toBeInTheDocument(),
    );
    // The deleted one is loaded: only the gone one is read.
    expect(api.fetchOne.mock.calls).toEqual([[bo.id, 'gone']]);
  });

  it('a click shows a loaded original highlighted for a moment', async () => {
    conversationWithBo([
      said('m1', 'bo', 1000, 'see you at 8?'),
      said('m2', 'me', 2000, 'yes', { replyTo: 'm1' }),
    ]);
    await userEvent.setup().click(quote(/see you at 8\?/));
    await waitFor(() =>
      expect(
        screen.getByText('see you at 8?', { selector: 'p' }).closest('[data-highlighted]'),
      ).not.toBeNull(),
    );
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).toBeNull(), {
      timeout: 3000,
    });
  });

  it('a click on a quote older than the loaded messages loads everything from it, in one query', async () => {
    const original = said('m1', 'bo', 1000, 'see you at 8?');
    const between = [2, 3, 4].map((i) =>
      said(`m${String(i)}`, 'bo', i * 1000, `text ${String(i)}`),
    );
    const { api, store } = conversationWithBo(
      [
        said('m100', 'bo', 100_000, 'latest page starts'),
        said('m101', 'me', 101_000, 'yes', { replyTo: 'm1' }),
      ],
      {
        prepare: ({ conversations: { direct } }) => {
          direct.fetchOne.mockResolvedValue(original);
          direct.fetchBetween.mockResolvedValue([original, ...between]);
        },
      },
    );
    await waitFor(() => expect(quote(/see you at 8\?/)).toBeInTheDocument());
    await userEvent.setup().click(quote(/see you at 8\?/));
    await waitFor(() =>
      expect(messageSelectors.selectIds(store.getState())).toEqual([
        'm1',
        'm2',
        'm3',
        'm4',
        'm100',
        'm101',
      ]),
    );
    expect(api.fetchBetween).toHaveBeenCalledTimes(1);
    expect(api.fetchBetween).toHaveBeenCalledWith(
      bo.id,
      expect.objectContaining({ id: 'm1' }),
      expect.objectContaining({ id: 'm100' }),
    );
    // Read once for the quote, not again for the jump.
    expect(api.fetchOne).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        screen.getByText('see you at 8?', { selector: 'p' }).closest('[data-highlighted]'),
      ).not.toBeNull(),
    );
    expect(store.getState().conversationQuotes.jump).toEqual({ id: 'm1', seq: 1 });
  });

  it('loads a page above a far original first, so nothing loads and moves it once shown, and focuses it', async () => {
    const original = said('m50', 'bo', 50_000, 'the far original');
    const above = [40, 41, 42].map((i) =>
      said(`m${String(i)}`, 'me', i * 1000, `above ${String(i)}`),
    );
    const { api, store } = conversationWithBo(
      [
        said('m100', 'bo', 100_000, 'latest page starts'),
        said('m101', 'me', 101_000, 'yes', { replyTo: 'm50' }),
      ],
      {
        prepare: ({ conversations: { direct } }) => {
          direct.fetchOne.mockResolvedValue(original);
          direct.fetchBetween.mockResolvedValue([original, said('m51', 'me', 51_000, 'm51')]);
          direct.fetchOlder.mockResolvedValue(above);
        },
      },
    );
    await waitFor(() => expect(quote(/the far original/)).toBeInTheDocument());
    await userEvent.setup().click(quote(/the far original/));
    await waitFor(() =>
      expect(messageSelectors.selectIds(store.getState())).toEqual([
        'm40',
        'm41',
        'm42',
        'm50',
        'm51',
        'm100',
        'm101',
      ]),
    );
    expect(api.fetchOlder).toHaveBeenCalledWith(
      expect.objectContaining({ id: bo.id, before: expect.objectContaining({ id: 'm50' }) }),
    );
    // The page above came back short: nothing older is left to load.
    expect(store.getState().conversations.olderExhausted).toBe(true);
    await waitFor(() =>
      expect(
        (document.activeElement as HTMLElement | null)?.closest('[data-message-id]'),
      ).toHaveAttribute('data-message-id', 'm50'),
    );
  });

  it('a jump to the oldest loaded message loads the page above it too', async () => {
    const { api } = conversationWithBo(
      [said('m1', 'bo', 1000, 'oldest loaded'), said('m2', 'me', 2000, 'yes', { replyTo: 'm1' })],
      {
        prepare: ({ conversations: { direct } }) => {
          direct.fetchOlder.mockResolvedValue([said('m0', 'me', 500, 'older still')]);
        },
      },
    );
    await userEvent.setup().click(quote(/oldest loaded/));
    await waitFor(() => expect(screen.getByText('older still')).toBeInTheDocument());
    expect(api.fetchOlder).toHaveBeenCalledWith(
      expect.objectContaining({ before: expect.objectContaining({ id: 'm1' }) }),
    );
    await waitFor(() =>
      expect(
        (document.activeElement as HTMLElement | null)?.closest('[data-message-id]'),
      ).toHaveAttribute('data-message-id', 'm1'),
    );
  });
});
