// @vitest-environment node
/** The device's own record of its conversations: it only moves forward, and survives a reload. */
import { describe, expect, it } from 'vitest';
import { makeSeenLedger, type LedgerRecord, type LedgerStore } from './seen-ledger';

const chat = 'd:rel-1' as const;

function memoryStore(initial: unknown = null) {
  let record = initial as LedgerRecord | null;
  const store: LedgerStore = {
    load: () => Promise.resolve(record),
    save: (next) => {
      record = structuredClone(next);
      return Promise.resolve();
    },
  };
  return { store, saved: () => record };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the seen ledger', () => {
  it('keeps the earliest time a conversation is known encrypted, and the newest version', () => {
    const ledger = makeSeenLedger();
    expect(ledger.encryptedSince(chat)).toBeUndefined();
    ledger.markEncrypted(chat, 200);
    ledger.markEncrypted(chat, 300);
    ledger.markEncrypted(chat, 100);
    expect(ledger.encryptedSince(chat)).toBe(100);
    ledger.noteVersion(chat, '-Nm1', 20);
    ledger.noteVersion(chat, '-Nm1', 10);
    expect(ledger.versionOf(chat, '-Nm1')).toBe(20);
    expect(ledger.versionOf('g:rel-1', '-Nm1')).toBeUndefined();
  });

  it('is saved, loaded by the next session, and merged without moving back', async () => {
    const { store, saved } = memoryStore();
    const first = makeSeenLedger(store);
    await first.ready;
    first.markEncrypted(chat, 100);
    first.noteVersion(chat, '-Nm1', 20);
    await settle();
    expect(saved()).toEqual({ conversations: { [chat]: 100 }, messages: { [`${chat}|-Nm1`]: 20 } });

    const next = makeSeenLedger(store);
    // Noted before the load finished: the stored record does not undo it.
    next.markEncrypted(chat, 50);
    next.noteVersion(chat, '-Nm1', 30);
    await next.ready;
    expect(next.encryptedSince(chat)).toBe(50);
    expect(next.versionOf(chat, '-Nm1')).toBe(30);
  });

  it('reads a damaged record for what of it is sound, and an unreadable one as none', async () => {
    const damaged = makeSeenLedger(
      memoryStore({ conversations: { [chat]: 'soon', 'g:x': 7 }, messages: [1, 2] }).store,
    );
    await damaged.ready;
    expect(damaged.encryptedSince(chat)).toBeUndefined();
    expect(damaged.encryptedSince('g:x')).toBe(7);
    const broken = makeSeenLedger({
      load: () => Promise.reject(new Error('IndexedDB is gone')),
      save: () => Promise.reject(new Error('IndexedDB is gone')),
    });
    await broken.ready;
    broken.markEncrypted(chat, 1);
    await settle();
    expect(broken.encryptedSince(chat)).toBe(1);
  });
});
