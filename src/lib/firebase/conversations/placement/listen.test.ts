// @vitest-environment node
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { listenOn, listenPlaced, type Placements } from './index';

const db = { name: 'instance 1' } as unknown as Database;
const refused = () => new Error('permission_denied at /sendMessage/x: no');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Placements that know where `d:x` is, and whose mirror lands as `landed` says. */
function placementsWith(landed: Promise<boolean>) {
  const mirrorLanded = vi.fn(() => landed);
  const forget = vi.fn();
  const released = vi.fn();
  const holdOn = vi.fn(() => released);
  const placements = { whereIs: () => db, mirrorLanded, holdOn, forget } as unknown as Placements;
  return { placements, mirrorLanded, holdOn, released, forget };
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
    const { placements, mirrorLanded, forget } = placementsWith(Promise.resolve(true));
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
    expect(mirrorLanded).toHaveBeenCalledTimes(1);
    // Refused: maybe moved away, so the placement is read again before attaching.
    expect(forget).toHaveBeenCalledWith('d:x');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a refusal the mirror does not explain, a second one, and any other error', async () => {
    const never = placementsWith(Promise.resolve(false)).placements;
    const onError = vi.fn();
    listenPlaced(never, 'd:x', (_on, failed) => (failed(refused()), () => undefined), onError);
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);

    const landed = placementsWith(Promise.resolve(true)).placements;
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

describe('the open conversation holds its instance', () => {
  it('holds the connection while the listener is attached, and lets go when it stops', () => {
    const { placements, holdOn, released } = placementsWith(Promise.resolve(true));
    const stop = listenPlaced(placements, 'd:x', () => () => undefined, vi.fn());
    expect(holdOn).toHaveBeenCalledWith(db);
    expect(released).not.toHaveBeenCalled();
    stop();
    expect(released).toHaveBeenCalledTimes(1);
  });
});
