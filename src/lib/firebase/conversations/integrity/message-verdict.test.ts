// @vitest-environment node
/** What a reader concludes from a message's times, versions, clear text and deletion. */
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../message';
import {
  judgeClear,
  judgeDeleted,
  judgeOpened,
  REDATED_EARLY_MS,
  REDATED_LATE_MS,
  timeFits,
} from './message-verdict';
import { DELETED_VERSION, makeSeenLedger } from './seen-ledger';

const chat = 'd:rel-1' as const;
const T = 1_800_000_000_000;
const message = (fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: '-Nm1',
  text: 'hello',
  senderId: 'alice',
  senderName: 'Alice',
  receiverId: 'bob',
  receiverName: 'Bob',
  createdAt: T,
  ...fields,
});

describe('the time sealed with the words', () => {
  it('fits a server time a little earlier or a write queued a while', () => {
    expect(timeFits(T, T)).toBe(true);
    expect(timeFits(T, T - REDATED_EARLY_MS)).toBe(true);
    expect(timeFits(T, T + REDATED_LATE_MS)).toBe(true);
    expect(timeFits(T, T - REDATED_EARLY_MS - 1)).toBe(false);
    expect(timeFits(T, T + REDATED_LATE_MS + 1)).toBe(false);
  });

  it('marks a message the server dates otherwise, with the sealed time to show', () => {
    const ledger = makeSeenLedger();
    expect(judgeOpened(ledger, chat, message(), [T + 1000])).toEqual({});
    expect(judgeOpened(ledger, chat, message({ createdAt: T - 86_400_000 }), [T])).toEqual({
      alert: 'redated',
      sealedAt: T,
    });
    // An edit seals when it was made and when its message was sent: either may be moved.
    const edited = message({ editedAt: T + 60_000 });
    expect(judgeOpened(ledger, chat, edited, [T + 60_000, T])).toEqual({});
    expect(judgeOpened(ledger, chat, edited, [T + 60_000, T + 3_600_000])).toMatchObject({
      alert: 'redated',
      sealedAt: T + 3_600_000,
    });
    expect(judgeOpened(makeSeenLedger(), chat, edited, [T - 3_600_000, T])).toMatchObject({
      alert: 'redated',
    });
  });
});

describe('versions this device has shown', () => {
  it('notes an edit, and calls an older version put back rolled back', () => {
    const ledger = makeSeenLedger();
    const edit = message({ editedAt: T + 60_000 });
    expect(judgeOpened(ledger, chat, edit, [T + 60_000, T])).toEqual({});
    expect(ledger.versionOf(chat, '-Nm1')).toBe(T + 60_000);
    expect(judgeOpened(ledger, chat, message(), [T])).toEqual({ alert: 'rolled-back' });
    // v1 seals no time: the server's stands in for it.
    expect(judgeOpened(ledger, chat, message(), undefined)).toEqual({ alert: 'rolled-back' });
    expect(judgeOpened(ledger, chat, edit, [T + 60_000, T])).toEqual({});
  });

  it('takes a deletion only with its proof, and then nothing older', () => {
    const ledger = makeSeenLedger();
    const deleted = message({ deleted: true, text: '' });
    // Before the conversation is known encrypted, a deletion is as it was before the switch.
    expect(judgeDeleted(ledger, chat, deleted, false)).toBeUndefined();
    ledger.markEncrypted(chat, T - 1000);
    expect(judgeDeleted(ledger, chat, deleted, false)).toBe('unconfirmed-delete');
    expect(judgeDeleted(ledger, chat, deleted, true)).toBeUndefined();
    expect(ledger.versionOf(chat, '-Nm1')).toBe(DELETED_VERSION);
    expect(judgeOpened(ledger, chat, message(), [T])).toEqual({ alert: 'rolled-back' });
  });
});

describe('clear text', () => {
  it('is from before the switch until the conversation is known encrypted, then not theirs', () => {
    const ledger = makeSeenLedger();
    expect(judgeClear(ledger, chat, message())).toBeUndefined();
    ledger.markEncrypted(chat, T + 5000);
    expect(judgeClear(ledger, chat, message())).toBeUndefined();
    expect(judgeClear(ledger, chat, message({ createdAt: T + 5000 }))).toBe('not-encrypted');
    // A message seen sealed before is not its sender's in clear, whatever its date.
    ledger.noteVersion(chat, '-Nold', T + 10);
    expect(judgeClear(ledger, chat, message({ id: '-Nold', createdAt: 1 }))).toBe('not-encrypted');
  });
});
