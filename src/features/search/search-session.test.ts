// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endSearchSession,
  IDLE_START_MS,
  searchApiOf,
  startedSearchApiOf,
  startSearchSession,
} from './search-session';

afterEach(() => vi.useRealTimers());

/** Whether `promise` settles within a few turns of the event loop. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the search backend starts on first need, not at sign-in', () => {
  it('waits until something asks for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const opened = startSearchSession('ann');
    const waiting = startedSearchApiOf('ann');
    expect(await settles(opened)).toBe(false);
    expect(await settles(waiting)).toBe(false);
    // Asking for the API (search or Find in conversation opened) starts it.
    expect(await searchApiOf('ann')).not.toBeNull();
    expect(await opened).toEqual({ size: 0, marks: {} });
    expect(await waiting).not.toBeNull();
    await endSearchSession('ann');
  });

  it('starts at once when search was opened before the session (Ctrl+K during sign-in)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = searchApiOf('cy');
    expect(await api).toBeNull();
    // The idle start's timer is fake and never fires: only the early wish can start it.
    expect(await startSearchSession('cy')).toEqual({ size: 0, marks: {} });
    expect(await startedSearchApiOf('cy')).not.toBeNull();
    await endSearchSession('cy');
  });

  it('starts by itself once the page has been idle after sign-in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const opened = startSearchSession('bea');
    vi.advanceTimersByTime(IDLE_START_MS - 1);
    expect(await settles(opened)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await opened).toEqual({ size: 0, marks: {} });
    await endSearchSession('bea');
  });

  it('never starts when the user signs out first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const opened = startSearchSession('cy');
    await endSearchSession('cy');
    expect(await opened).toBeNull();
    expect(await startedSearchApiOf('cy')).toBeNull();
    vi.advanceTimersByTime(IDLE_START_MS * 2);
    expect(await searchApiOf('cy')).toBeNull();
  });
});
