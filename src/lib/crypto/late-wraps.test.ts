import { describe, expect, it, vi } from 'vitest';
import type { ConversationKey } from '../conversation-key';
import type { EpochKeys } from './epochs/epoch-keys';
import type { DeviceIdentity, KeyDirectory, StoredWrap } from './epochs/key-directory';
import { makeLateWraps, type KeyWait, type KeyWaitStore } from './late-wraps';

// The decisions of late-wraps.ts over fakes; the keys themselves are tested against the
// emulator (tests/integration/encryption-late-wraps.test.ts).
const chat: ConversationKey = 'g:group';
const me = { uid: 'bob', deviceId: 'bob-device' } as DeviceIdentity;
const wait = (over: Partial<KeyWait>): KeyWait => ({
  uid: 'carol',
  epoch: 'e1',
  of: 'alice',
  asked: true,
  served: false,
  ...over,
});

const carolsDevice = { uid: 'carol', deviceId: 'carol-device', publicKey: 'K' };

function setUp(held: StoredWrap | null, trusted = [carolsDevice]) {
  const store = {
    ask: vi.fn<KeyWaitStore['ask']>(() => Promise.resolve()),
    serve: vi.fn<KeyWaitStore['serve']>(() => Promise.resolve()),
    remind: vi.fn<KeyWaitStore['remind']>(),
    close: vi.fn<KeyWaitStore['close']>(),
  };
  const directory = {
    readWrap: vi.fn(() => Promise.resolve(held)),
  } as unknown as KeyDirectory;
  // The devices the key manager trusts (signed by a pinned identity), not the server's list.
  const devicesOf = vi.fn(() => Promise.resolve(trusted));
  const keys = {
    openWrap: vi.fn(() => Promise.resolve(new Uint8Array(32))),
    wrapFor: vi.fn(() => Promise.resolve('v1.wrapped')),
    devicesOf,
  } as unknown as EpochKeys;
  return { store, devicesOf, late: makeLateWraps(me, keys, directory, store) };
}

describe('late wraps', () => {
  it("serves an asked wait with the sender's own key, once", async () => {
    const { store, late } = setUp({ key: 'v1.x', by: 'alice', from: 'alice-device' });
    expect(await late.sync(chat, [wait({})], () => true)).toEqual({ served: 1, arrived: false });
    expect(store.serve).toHaveBeenCalledWith(chat, 'carol', 'e1', [
      { deviceId: 'carol-device', key: 'v1.wrapped', from: 'bob-device' },
    ]);
    await late.sync(chat, [wait({})], () => true);
    expect(store.serve).toHaveBeenCalledTimes(1);
  });

  it('serves nobody not asked yet, served, blocked, or with a key from a third party', async () => {
    const { store, late } = setUp({ key: 'v1.x', by: 'dave', from: 'dave-device' });
    await late.sync(
      chat,
      [wait({ asked: false }), wait({ epoch: 'e2', served: true })],
      () => true,
    );
    await late.sync(chat, [wait({ epoch: 'e3' })], () => false);
    await late.sync(chat, [wait({ epoch: 'e4' })], () => true);
    expect(store.serve).not.toHaveBeenCalled();
  });

  it('serves no device it does not trust, and tries again at the next change', async () => {
    const { store, devicesOf, late } = setUp(
      { key: 'v1.x', by: 'alice', from: 'alice-device' },
      [],
    );
    expect(await late.sync(chat, [wait({})], () => true)).toEqual({ served: 0, arrived: false });
    expect(store.serve).not.toHaveBeenCalled();
    devicesOf.mockResolvedValue([carolsDevice]);
    expect(await late.sync(chat, [wait({})], () => true)).toEqual({ served: 1, arrived: false });
  });

  it('asks for my own waits once, and says when one is served', async () => {
    const { store, late } = setUp(null);
    const mine = wait({ uid: 'bob', asked: false });
    await late.sync(chat, [mine], () => true);
    await late.sync(chat, [mine], () => true);
    expect(store.ask).toHaveBeenCalledTimes(1);
    expect(await late.sync(chat, [{ ...mine, served: true }], () => true)).toEqual({
      served: 0,
      arrived: true,
    });
    expect((await late.sync(chat, [{ ...mine, served: true }], () => true)).arrived).toBe(false);
  });

  it('reminds the relay of my wait asked before this session and still owed, once', async () => {
    const { store, late } = setUp(null);
    const asked = wait({ uid: 'bob', asked: true });
    await late.sync(chat, [asked], () => true);
    await late.sync(chat, [asked], () => true);
    expect(store.remind).toHaveBeenCalledTimes(1);
    expect(store.remind).toHaveBeenCalledWith(chat, 'e1');
    expect(store.ask).not.toHaveBeenCalled();
    // Asked in this session: the ask itself starts the relay's clock, no second reminder.
    const fresh = setUp(null);
    const mine = wait({ uid: 'bob', epoch: 'e2', asked: false });
    await fresh.late.sync(chat, [mine], () => true);
    await fresh.late.sync(chat, [{ ...mine, asked: true }], () => true);
    expect(fresh.store.remind).not.toHaveBeenCalled();
  });
});
