/**
 * Epoch keys for a party who had no device when they were made (docs/security/e2ee.md, "A party
 * without a device"). Every message is sealed; the sender notes a wait for each such party with
 * the epoch (`KeyDirectory.writeEpoch`). Once the party has a device, it asks; then any device
 * that holds the epoch (the sender's own, or another party's that was given it) wraps it for the
 * party's devices and marks the wait served, in one update the rules check (only the sender or a
 * holder of the epoch, once, while the party is still in the conversation).
 */
import type { ConversationKey } from '../conversation-key';
import type { EpochKeys } from './epochs/epoch-keys';
import type { DeviceIdentity, KeyDirectory } from './epochs/key-directory';

/** One wait as stored: `uid` is owed epoch `epoch` of sender `of`. */
export interface KeyWait {
  uid: string;
  epoch: string;
  of: string;
  asked: boolean;
  served: boolean;
}

/** The database side of the waits, as the signed-in party. */
export interface KeyWaitStore {
  /** I have a device now: please wrap `epoch` for it (and wake others if its sender does not). */
  ask(conversation: ConversationKey, epoch: string): Promise<void>;
  /** Asked before this session and still owed: wake others if its sender does not serve it. */
  remind(conversation: ConversationKey, epoch: string): void;
  /** The session ends: no wake-up is due any more. */
  close(): void;
  /** The wraps of `epoch` for `uid`'s devices (`by` = me) and the wait served, in one update. */
  serve(
    conversation: ConversationKey,
    uid: string,
    epoch: string,
    wraps: ReadonlyArray<{ deviceId: string; key: string; from: string }>,
  ): Promise<void>;
}

export function makeLateWraps(
  me: DeviceIdentity,
  keys: EpochKeys,
  directory: KeyDirectory,
  store: KeyWaitStore,
) {
  const started = new Set<string>();
  const servedToMe = new Set<string>();

  /** Wraps the epoch for `wait.uid`'s devices if this device holds it; false when it cannot. */
  async function serveOne(conversation: ConversationKey, wait: KeyWait): Promise<boolean> {
    const mine = await directory.readWrap(conversation, wait.epoch, me.deviceId);
    // Held from its sender, or re-wrapped by my own other device: never from a third party.
    if (!mine || (mine.by !== wait.of && mine.by !== me.uid)) return false;
    const raw = await keys.openWrap(conversation, wait.epoch, mine);
    if (!raw) return false;
    // Only devices signed by the identity pinned here for them, as for any wrap I make.
    const devices = await keys.devicesOf(conversation, [wait.uid]);
    if (devices.length === 0) return false;
    const wraps = await Promise.all(
      devices.map(async (device) => ({
        deviceId: device.deviceId,
        key: await keys.wrapFor(conversation, wait.epoch, raw, device),
        from: me.deviceId,
      })),
    );
    await store.serve(conversation, wait.uid, wait.epoch, wraps);
    return true;
  }

  return {
    /**
     * Every time a conversation's waits change: asks for the epochs owed to me, wraps those owed
     * to others that I hold (only for `mayServe` people: not across a block), and says whether
     * an epoch owed to me was served since last time (its messages can open now).
     */
    async sync(
      conversation: ConversationKey,
      waits: readonly KeyWait[],
      mayServe: (uid: string) => boolean,
    ): Promise<{ served: number; arrived: boolean }> {
      let arrived = false;
      const work: Array<Promise<boolean>> = [];
      for (const wait of waits) {
        const id = `${conversation}|${wait.uid}|${wait.epoch}`;
        if (wait.uid === me.uid) {
          if (wait.served && !servedToMe.has(id)) {
            servedToMe.add(id);
            arrived = true;
          } else if (!wait.served && !wait.asked && !started.has(id)) {
            started.add(id);
            work.push(
              store.ask(conversation, wait.epoch).then(
                () => false,
                () => (started.delete(id), false),
              ),
            );
          } else if (!wait.served && wait.asked && !started.has(id)) {
            // Asked by an earlier session (or another device of mine) and its sender still
            // silent: this session's relay wakes the others (docs/scaling.md).
            started.add(id);
            store.remind(conversation, wait.epoch);
          }
        } else if (wait.asked && !wait.served && !started.has(id) && mayServe(wait.uid)) {
          started.add(id);
          // Refused (another device served first, the party left) or not held here: let go. No
          // trusted device of theirs yet (not signed, or a changed identity not accepted): tried
          // again at the waits' next change.
          work.push(
            serveOne(conversation, wait)
              .catch(() => false)
              .then((served) => (served || started.delete(id), served)),
          );
        }
      }
      const done = await Promise.all(work);
      return { served: done.filter(Boolean).length, arrived };
    },
  };
}

export type LateWraps = ReturnType<typeof makeLateWraps>;
