import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeConnections, SLOT_IDLE_MS, type SlotRoute } from './connections';

/**
 * A switch that knows which instances are online (the kept ones from the start) and the most
 * that ever were at once: what the server would count.
 */
function counting(kept: number[]) {
  const online = new Set(kept);
  let most = online.size;
  return {
    online,
    most: () => most,
    sw: {
      online: (instance: number) => {
        online.add(instance);
        most = Math.max(most, online.size);
      },
      offline: (instance: number) => online.delete(instance),
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Home 1 (not the directory, 0) and the open conversation on 2: all three taken. */
function homeAwayWithAnOpenConversation() {
  const server = counting([0]);
  const connections = makeConnections(server.sw, [0], { canRest: () => true });
  connections.keep(1);
  const release = connections.hold(2);
  return { ...server, connections, release };
}

/** Slot work that records its route. */
const routeOf = (connections: ReturnType<typeof makeConnections>, instance: number) =>
  connections.useSlot(instance, (route: SlotRoute) => Promise.resolve(route));

describe('never more than three connections, the home not the directory', () => {
  it('looks at a fourth instance over REST while the three are taken, never opening it', async () => {
    const { connections, online, most } = homeAwayWithAnOpenConversation();
    expect(await routeOf(connections, 3)).toBe('rest');
    expect(await routeOf(connections, 3)).toBe('rest');
    // The kept and held ones go by their own sockets.
    expect(await routeOf(connections, 1)).toBe('socket');
    expect(await routeOf(connections, 2)).toBe('socket');
    await vi.advanceTimersByTimeAsync(2 * SLOT_IDLE_MS);
    expect([...online].sort()).toEqual([0, 1, 2]);
    expect(connections.openNow()).toEqual([0, 1, 2]);
    expect(most()).toBe(3);
  });

  it('takes the slot over the socket while one of the three is free', async () => {
    const server = counting([0]);
    const connections = makeConnections(server.sw, [0], { canRest: () => true });
    connections.keep(1);
    expect(await routeOf(connections, 3)).toBe('socket');
    expect(connections.openNow()).toEqual([0, 1, 3]);
    // The open conversation's hold takes the idle slot's place: still three.
    const release = connections.hold(2);
    expect(connections.openNow()).toEqual([0, 1, 2]);
    expect(await routeOf(connections, 3)).toBe('rest');
    release();
    expect(await routeOf(connections, 3)).toBe('socket');
    expect(server.most()).toBe(3);
  });

  it('makes a direct use of a fourth wait, off, until the open conversation is closed', () => {
    const { connections, online, most, release } = homeAwayWithAnOpenConversation();
    connections.touch(3);
    expect(online.has(3)).toBe(false);
    expect(connections.openNow()).toEqual([0, 1, 2]);
    release();
    // Then it goes on as the slot, and closes 30 s later.
    expect(connections.openNow()).toEqual([0, 1, 3]);
    vi.advanceTimersByTime(SLOT_IDLE_MS);
    expect(connections.openNow()).toEqual([0, 1]);
    expect(most()).toBe(3);
  });

  it('lets a hold wait for the slot’s running work, then closes the slot for it', async () => {
    const server = counting([0]);
    const connections = makeConnections(server.sw, [0], { canRest: () => true });
    connections.keep(1);
    let finish: () => void = () => undefined;
    const look = connections.useSlot(3, () => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(0);
    expect(connections.openNow()).toEqual([0, 1, 3]);
    connections.hold(2);
    expect(server.online.has(2)).toBe(false);
    finish();
    await look;
    expect(connections.openNow()).toEqual([0, 1, 2]);
    expect(server.most()).toBe(3);
  });

  it('stops a look’s live listener when a hold takes its slot', () => {
    const server = counting([0]);
    const connections = makeConnections(server.sw, [0], { canRest: () => true });
    connections.keep(1);
    connections.touch(3);
    const stopped = vi.fn();
    connections.whenClosed(3, stopped);
    connections.hold(2);
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(connections.openNow()).toEqual([0, 1, 2]);
  });

  it('keeps the socket for slot work on a client made without REST', async () => {
    const server = counting([0]);
    const connections = makeConnections(server.sw, [0]);
    connections.keep(1);
    connections.hold(2);
    expect(await routeOf(connections, 3)).toBe('socket');
  });

  it('never counts more than three over a long random day of holds, uses and looks', async () => {
    // A seeded generator (mulberry32), so a failure repeats.
    let seed = 20261202;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = (n: number) => Math.floor(random() * n);
    const { connections, online, most } = homeAwayWithAnOpenConversation();
    const releases: (() => void)[] = [];
    const routes = new Set<SlotRoute>();
    for (let step = 0; step < 2_000; step++) {
      const instance = 2 + pick(5);
      const what = pick(5);
      if (what === 0 && releases.length < 1) releases.push(connections.hold(instance));
      else if (what === 1 && releases.length > 0) releases.splice(pick(releases.length), 1)[0]?.();
      else if (what === 2) connections.touch(instance);
      else {
        const ms = pick(3_000);
        void connections.useSlot(instance, async (route) => {
          routes.add(route);
          await new Promise((resolve) => setTimeout(resolve, ms));
        });
      }
      await vi.advanceTimersByTimeAsync(pick(20_000));
      expect(online.size).toBeLessThanOrEqual(3);
      expect(connections.openNow().length).toBeLessThanOrEqual(3);
    }
    expect(most()).toBe(3);
    expect(routes).toEqual(new Set(['socket', 'rest']));
  });
});
