import { describe, expect, it, vi } from 'vitest';
import type { AuthApi } from '../lib/firebase/auth/gateway';

const presence = {
  subscribeStatus: vi.fn((_uid: string, onStatus: (status: string) => void) => {
    onStatus('online');
    return stopStatus;
  }),
  goOffline: vi.fn((uid: string) => Promise.resolve(`offline ${uid}`)),
};
const stopStatus = vi.fn();
vi.mock('./database-gateways', () => ({ databaseGateways: { presence } }));

const { productionGateways } = await import('./production-gateways');

interface Presence {
  subscribeStatus(uid: string, onStatus: (status: string) => void): () => void;
  goOffline(uid: string): Promise<string>;
}
const presenceOf = (gateways: unknown) => (gateways as { presence: Presence }).presence;
const auth = {} as AuthApi;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the production gateways before the database SDK has loaded', () => {
  it('hold a call until the load, without starting it', async () => {
    const { gateways, loadDatabase } = productionGateways(auth);
    const answer = presenceOf(gateways).goOffline('ann');
    const statuses: string[] = [];
    const stop = presenceOf(gateways).subscribeStatus('bo', (s) => statuses.push(s));
    expect(typeof stop).toBe('function');
    await tick();
    expect(presence.goOffline).not.toHaveBeenCalled();
    expect(presence.subscribeStatus).not.toHaveBeenCalled();

    await loadDatabase();
    expect(await answer).toBe('offline ann');
    await tick();
    expect(statuses).toEqual(['online']);
    stop();
    expect(stopStatus).toHaveBeenCalledTimes(1);
    // Loaded: the gateway itself.
    expect(presenceOf(gateways)).toBe(presence);
  });

  it('never subscribe what was unsubscribed before the load', async () => {
    presence.subscribeStatus.mockClear();
    const { gateways, loadDatabase } = productionGateways(auth);
    const stop = presenceOf(gateways).subscribeStatus('bo', () => undefined);
    stop();
    await loadDatabase();
    await tick();
    expect(presence.subscribeStatus).not.toHaveBeenCalled();
  });

  it('give the same waiting gateway each time, for hook dependencies', () => {
    const { gateways } = productionGateways(auth);
    expect(presenceOf(gateways)).toBe(presenceOf(gateways));
  });
});
