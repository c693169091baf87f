/**
 * The relay for key waits (docs/scaling.md, "The relay for key waits"): an ask hints the
 * epoch's sender at once; if their devices are gone (signed out, removed, never online again),
 * nobody else would look at the conversation's instance until by chance. So the asking client,
 * once `KEY_RELAY_DELAY_MS` has passed with its wait not served, hints the group's other
 * members who may hold the epoch, and the first of their devices to look serves it. The wraps
 * are readable by their owner alone, so "may hold" is everyone in the group now but me, the
 * sender (already hinted) and those owed the same epoch themselves: a member who does not hold
 * it looks once and serves nothing. A 1:1 conversation has no one else to ask.
 */
import type { ConversationKey } from '../../conversation-key';
import { isRecord } from '../../is-record';
import { announceSoon } from '../conversations';
import { wrapsTree } from './paths';
import type { PlacedKeyRecords } from './placed';

/**
 * How long the sender has to serve before the others are woken: a served ask takes about 1 to
 * 2 s (the sender's hint, its look, the wraps' update; docs/scaling.md has the figures), so an
 * ask still owed after 10 s is one its sender will not serve soon, and an online sender is
 * never doubled by hints to every member.
 */
const KEY_RELAY_DELAY_MS = 10_000;

/** The people who may hold `epoch`: the group's members and admin, less those named. */
function holdersOf(
  roster: unknown,
  adminId: unknown,
  waits: unknown,
  epoch: string,
  skip: ReadonlySet<string>,
): string[] {
  const people = new Set<string>();
  if (typeof adminId === 'string') people.add(adminId);
  for (const [uid, entry] of Object.entries(isRecord(roster) ? roster : {})) {
    if (isRecord(entry) && entry.status === 'member') people.add(uid);
  }
  // Owed the epoch too and not served yet: they cannot serve it either.
  for (const [uid, epochs] of Object.entries(isRecord(waits) ? waits : {})) {
    const wait = isRecord(epochs) ? epochs[epoch] : undefined;
    if (isRecord(wait) && wait.served !== true) people.delete(uid);
  }
  return [...people].filter((uid) => !skip.has(uid));
}

/**
 * Wakes the group's other possible holders of `epoch` owed to `me`, unless it was served
 * meanwhile (or I am no longer owed it). One read of the waits and the roster on the group's
 * instance, in one slot use, then a hint per holder on their home (none where their home is the
 * group's instance: they follow its waits live). Failures are left to the next session's relay.
 */
async function relayUnserved(
  placed: PlacedKeyRecords,
  me: string,
  conversation: ConversationKey,
  epoch: string,
): Promise<void> {
  const { waits, id, kind } = wrapsTree(conversation);
  if (kind !== 'group') return;
  const found = await placed.onItsInstance(conversation, async (at) => {
    const [owed, roster, adminId] = await Promise.all([
      at.read(`${waits}/${id}`),
      at.read(`groupMembership/${id}`),
      at.read(`Mygroup/${id}/adminId`),
    ]);
    return { owed, roster, adminId };
  });
  const mine = isRecord(found.owed) ? found.owed[me] : undefined;
  const wait = isRecord(mine) ? mine[epoch] : undefined;
  if (!isRecord(wait) || wait.served === true || typeof wait.of !== 'string') return;
  const holders = holdersOf(found.roster, found.adminId, found.owed, epoch, new Set([me, wait.of]));
  for (const uid of holders) announceSoon(placed.placements, conversation, uid);
}

/**
 * `relayUnserved` after the delay, once per wait and store: a timer, not a listener, so the
 * relay holds no connection while it waits. Stopped with the session (`stop`).
 */
export function makeWaitRelay(placed: PlacedKeyRecords, me: string) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    later(conversation: ConversationKey, epoch: string): void {
      const key = `${conversation}|${epoch}`;
      if (timers.has(key)) return;
      const timer = setTimeout(() => {
        void relayUnserved(placed, me, conversation, epoch).catch(() => undefined);
      }, KEY_RELAY_DELAY_MS);
      timers.set(key, timer);
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
