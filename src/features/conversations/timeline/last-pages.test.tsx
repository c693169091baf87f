import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bo, conversationWithBo, said } from '../../../testing/conversation-with-bo';
import type { InboxEntry } from '../../../lib/firebase/inbox/entry';
import type { ConversationKey } from '../../../lib/conversation-key';
import { chatScreenEntered, chatScreenLeft } from './conversations-slice';

/** Bo's conversation's inbox entry ('d:' and Bo's friendship id), its newest message named. */
const entry = (lastMessageId: string): Record<ConversationKey, InboxEntry> => ({
  'd:rel-bo': {
    conversationId: bo.id,
    kind: 'direct',
    unread: 0,
    lastMessageId,
    lastSenderId: 'bo',
    lastText: 'x',
    lastKind: 'text',
    lastAt: 2000,
  },
});

// A conversation opened again is drawn at once from its last page while its live
// query is asked again, only while nothing newer came (the inbox's last message says so).
describe('opening a conversation again', () => {
  const messages = [said('m1', 'bo', 1000, 'first words'), said('m2', 'bo', 2000, 'last words')];

  it('shows its last page before the server answers', async () => {
    const { store, feeds } = conversationWithBo(messages);
    expect(await screen.findByText('last words')).toBeInTheDocument();
    act(() => feeds.inbox.emit(entry('m2'), 'me'));
    act(() => void store.dispatch(chatScreenLeft()));
    expect(screen.queryByText('last words')).not.toBeInTheDocument();
    act(() => void store.dispatch(chatScreenEntered()));
    expect(await screen.findByText('last words')).toBeInTheDocument();
    // The server's answer replaces it (a message edited meanwhile).
    const edited = said('m1', 'bo', 1000, 'first words, edited', { editedAt: 2500 });
    act(() => feeds.latestMessages.emit([edited, messages[1]], bo.id));
    expect(await screen.findByText('first words, edited')).toBeInTheDocument();
    expect(screen.queryByText('first words')).not.toBeInTheDocument();
  });

  it('waits for the server when a newer message came meanwhile', async () => {
    const { store, feeds } = conversationWithBo(messages);
    expect(await screen.findByText('last words')).toBeInTheDocument();
    act(() => void store.dispatch(chatScreenLeft()));
    act(() => feeds.inbox.emit(entry('m3'), 'me'));
    act(() => void store.dispatch(chatScreenEntered()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('last words')).not.toBeInTheDocument();
    act(() =>
      feeds.latestMessages.emit([...messages, said('m3', 'bo', 3000, 'newer words')], bo.id),
    );
    expect(await screen.findByText('newer words')).toBeInTheDocument();
  });
});
