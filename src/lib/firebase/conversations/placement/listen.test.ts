// @vitest-environment node
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { listenOn, listenPlaced } from './listen';
import type { Placements } from './placements';

const db = { name: 'instance 1' } as unknown as Database;
const refused = () => new Error('permission_denied at /sendMessage/x: no');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const other = { name: 'instance 0' } as unknown as Database;
type Next = 'moved' | 'same' | null;

/**
 * Placements that know where `d:x` is (`at`, changed by a test to follow a move), and whose
 * answer to a refusal is `next`.
 */
function placementsWith(next: Next | (() => Next)) {
  const where = { at: db };
  const afterRefusal = vi.fn(() => Promise.resolve(typeof next === 'function' ? next() : next));
  const forget = vi.fn();
  const released = vi.fn();
  const holdOn = vi.fn(() => released);
  const placements = {
    whereIs: () => where.at,
    afterRefusal,
    holdOn,
    forget,
  } as unknown as Placements;
  return { placements, afterRefusal, holdOn, released, forget, where };
}

describe('listeners on a conversation found at once or later', () => {
  it('attaches at once on a known database, later on one being found, never once stopped', async () => {
    const attach = vi.fn(() => () => undefined);
    listenOn(db, attach, () => undefined);
    expect(attach).toHaveBeenCalledTimes(1);
    listenOn(Promise.resolve(db), attach, () => undefined)();
    await settle();
    expect(attach).toHaveBeenCalledTimes(1);
    const onError = vi.fn();
    listenOn(Promise.reject(new Error('offline')), attach, onError);
    await settle();
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
  });

  it('attaches again once the mirror landed, however many listens one refusal cancelled', async () => {
    const { placements, afterRefusal, forget } = placementsWith('same');
    const onError = vi.fn();
    const attach = vi.fn((_on: Database, failed: (error: Error) => void) => {
      if (attach.mock.calls.length === 1) {
        failed(refused());
        failed(refused());
      }
      return () => undefined;
    });
    listenPlaced(placements, 'd:x', attach, onError);
    await settle();
    expect(attach).toHaveBeenCalledTimes(2);
    expect(afterRefusal).toHaveBeenCalledTimes(1);
    // Refused: maybe moved away, so the placement is read again before attaching.
    expect(forget).toHaveBeenCalledWith('d:x');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a refusal the mirror does not explain, a second one, and any other error', async () => {
    const never = placementsWith(null).placements;
    const onError = vi.fn();
    listenPlaced(never, 'd:x', (_on, failed) => (failed(refused()), () => undefined), onError);
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);

    const landed = placementsWith('same').placements;
    const again = vi.fn();
    listenPlaced(landed, 'd:x', (_on, failed) => (failed(refused()), () => undefined), again);
    await settle();
    expect(again).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    listenPlaced(
      landed,
      'd:x',
      (_on, failed) => (failed(new Error('boom')), () => undefined),
      other,
    );
    expect(other).toHaveBeenCalledWith(new Error('boom'));
  });
});

describe('a listener follows every move', () => {
  it('attaches on each instance the conversation moves to, back and forth, the directory included', async () => {
    const { placements, where, released } = placementsWith(() => {
      where.at = where.at === db ? other : db;
      return 'moved';
    });
    const onError = vi.fn();
    const fails: ((error: Error) => void)[] = [];
    const attach = vi.fn((_on: Database, failed: (error: Error) => void) => {
      fails.push(failed);
      return () => undefined;
    });
    listenPlaced(placements, 'd:x', attach, onError);
    for (let move = 1; move <= 3; move++) {
      fails.at(-1)?.(refused());
      await settle();
      expect(attach).toHaveBeenCalledTimes(move + 1);
    }
    expect(attach.mock.calls.map(([on]) => on)).toEqual([db, other, db, other]);
    expect(released).toHaveBeenCalledTimes(3);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('the open conversation holds its instance', () => {
  it('holds the connection while the listener is attached, and lets go when it stops', () => {
    const { placements, holdOn, released } = placementsWith('same');
    const stop = listenPlaced(placements, 'd:x', () => () => undefined, vi.fn());
    expect(holdOn).toHaveBeenCalledWith(db);
    expect(released).not.toHaveBeenCalled();
    stop();
    expect(released).toHaveBeenCalledTimes(1);
  });
});
