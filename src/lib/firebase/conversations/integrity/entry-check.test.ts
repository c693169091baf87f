// @vitest-environment node
/** Whether a copy of an entry's last message shown earlier still says what the entry says. */
import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../inbox/shapes';
import type { ConversationMessage } from '../message';
import { saysWhatEntrySays } from './entry-check';

const T = 1_800_000_000_000;
const shown = (fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: '-Nm1',
  text: 'see you at 8?',
  senderId: 'alice',
  senderName: 'Alice',
  receiverId: 'bob',
  receiverName: 'Bob',
  createdAt: T,
  sealed: 'open',
  ...fields,
});
const entry = (fields: Partial<InboxEntry> = {}): InboxEntry => ({
  conversationId: 'rel-1',
  kind: 'direct',
  unread: 1,
  lastMessageId: '-Nm1',
  lastSenderId: 'alice',
  lastText: 'see you at 8?',
  lastKind: 'text',
  lastAt: T,
  ...fields,
});

describe("a copy of the entry's last message", () => {
  it('says what the entry says: its preview, its first 100 characters, or its deletion', () => {
    expect(saysWhatEntrySays(entry(), shown())).toBe(true);
    const long = 'a'.repeat(150);
    expect(saysWhatEntrySays(entry({ lastText: 'a'.repeat(100) }), shown({ text: long }))).toBe(
      true,
    );
    const deleted = entry({ lastText: '', lastKind: 'deleted' });
    expect(saysWhatEntrySays(deleted, shown({ text: '', deleted: true }))).toBe(true);
  });

  it('says otherwise when it is from before an edit, or the entry names a deletion', () => {
    expect(saysWhatEntrySays(entry({ lastText: 'see you at 9?' }), shown())).toBe(false);
    expect(saysWhatEntrySays(entry({ lastText: '', lastKind: 'deleted' }), shown())).toBe(false);
  });

  it('says otherwise when it did not open here', () => {
    expect(saysWhatEntrySays(entry(), shown({ text: '', sealed: 'failed' }))).toBe(false);
  });
});
