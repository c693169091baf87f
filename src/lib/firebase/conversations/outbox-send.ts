/**
 * A send, through the outbox (conversations-outbox.ts): drawn at once, sealed, then written by
 * `sendOnce` in the order sent (held while offline). The id is known at once and the promise
 * settles once, as the server stores or refuses the message.
 */
import { increment, serverTimestamp, type Database, type Unsubscribe } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { makeOutbox, withHeld, type Outbox } from './outbox';
import type { Reach } from './placement/reach';
import { isRefusal, sendOnce } from './send-once';
import type { ServerValues } from './send-write';
import { asSentMessage, type SentMessage } from '../inbox/shapes';
import { placementsOf } from './placement/placements';

type Changes = Record<string, unknown>;

/** Tries after a refusal for now: a mirror, a move, and a mirror on the move's target. */
const RETRIES = 3;

const server = (): ServerValues => ({ now: serverTimestamp(), plusOne: increment(1) });

export interface OutgoingSend {
  id: string;
  conversation: ConversationKey;
  /** `{root}/{conversationId}/{id}`: where the message is stored. */
  path: string;
  sender: string;
  text: string;
  /** `retryOf`: written only if not stored already (sendOnce). */
  retry: boolean;
  /** The root update of a send of `text`, in clear text. */
  changes: (text: string, server: ServerValues) => Changes;
  seal: (changes: Changes) => Promise<Changes>;
  parse: (value: unknown) => ConversationMessage | null;
  /**
   * After a refusal on `refusedOn`: resolves true once the reason is gone (the conversation's mirror landed on
   * its instance, or its move ended), so the send is tried again, where `reach` then finds,
   * instead of failing. Absent: never.
   */
  refusedForNow?: (refusedOn: Database) => Promise<boolean>;
}

/**
 * Sends `send` through `outbox` to the instance `reach` finds (placement/reach.ts: at once over
 * the open conversation's connection, else through the slot or over REST, never a fourth
 * connection), drawn at once with this device's time. Online too: sealing
 * takes a moment (and a new epoch's wraps a round trip), and the bubble must not wait for it;
 * the outbox hands it to the SDK as soon as it is sealed, in the order sent.
 */
export function sendThroughOutbox(
  reach: () => Reach | Promise<Reach>,
  outbox: Outbox,
  send: OutgoingSend,
): SentMessage {
  /** The clear update; without its quote when the quoted message was withdrawn (never stored). */
  const changesFor = (text: string, quoteGone: boolean): Changes => {
    const changes = send.changes(text, server());
    if (!quoteGone) return changes;
    const { replyTo: _gone, ...message } = changes[send.path] as Record<string, unknown>;
    return { ...changes, [send.path]: message };
  };
  const quoted = (changesFor(send.text, false)[send.path] as { replyTo?: unknown }).replyTo;
  // Like the SDK's own copy of a queued write: this device's time until the server's.
  const heldAt = Date.now();
  const held = outbox.hold({
    id: send.id,
    conversation: send.conversation,
    sender: send.sender,
    text: send.text,
    ...(typeof quoted === 'string' ? { quotes: quoted } : {}),
    draw: (text, quoteGone) => {
      const message = send.parse(changesFor(text, quoteGone)[send.path]);
      return message && { ...message, createdAt: heldAt };
    },
    seal: (text, quoteGone) => send.seal(changesFor(text, quoteGone)),
    // On the conversation's instance (its placement): at once when known and open, so the SDK
    // queues writes in the order sent; elsewhere in the slot's queue, in that order too.
    write: (changes) => {
      const where = reach();
      const attempt = (on: Reach, retry: boolean) =>
        on.run((at) => sendOnce(at, send.id, send.path, changes, retry).acked);
      // Accepted and sent at once, the first send may beat the conversation's mirror to its
      // instance, or meet the conversation being moved: refused, it waits for the mirror (or
      // the move) and goes again where the placement now says, looking first, so never twice.
      const write = (on: Reach, tries = 0): Promise<void> =>
        attempt(on, send.retry || tries > 0).catch(async (error: unknown) => {
          if (!isRefusal(error) || tries >= RETRIES || !(await send.refusedForNow?.(on.db)))
            throw error;
          return write(await reach(), tries + 1);
        });
      return where instanceof Promise ? where.then((on) => write(on)) : write(where);
    },
  });
  return asSentMessage(send.id, held);
}

/**
 * Tells `outbox` whether the app is online, for as long as `db` lives: the home's connection
 * once known, not the directory's, which is connected only for looks and writes then.
 */
function followConnection(db: Database, outbox: Outbox): Unsubscribe {
  return placementsOf(db).watchOnline((online) => outbox.setConnected(online));
}

const outboxes = new WeakMap<
  Database,
  { outbox: Outbox; slot: { signedIn?: () => string | undefined } }
>();

/**
 * The one outbox of `db` (texts and photos, 1:1 and group: the order of sending is kept across
 * them), following its connection for as long as the database lives. `signedIn`: the current
 * session's uid (the latest one given is asked).
 */
export function outboxOf(db: Database, signedIn?: () => string | undefined): Outbox {
  const known = outboxes.get(db);
  if (known) {
    if (signedIn) known.slot.signedIn = signedIn;
    return known.outbox;
  }
  const slot = { signedIn };
  const outbox = makeOutbox(() => slot.signedIn?.());
  followConnection(db, outbox);
  outboxes.set(db, { outbox, slot });
  return outbox;
}

/**
 * A conversation's live latest page with its held messages: `subscribe` reports what is stored
 * (opened), and every change of the outbox for `conversation` reports again.
 */
export function withHeldMessages(
  outbox: Outbox,
  conversation: ConversationKey,
  onData: (messages: ConversationMessage[]) => void,
  subscribe: (onStored: (messages: ConversationMessage[]) => void) => Unsubscribe,
): Unsubscribe {
  let stored: ConversationMessage[] | null = null;
  let reported = false;
  const report = () => {
    const held = outbox.drawn(conversation);
    // Nothing to say yet (no answer, nothing held): the page is still loading.
    if (stored === null && held.length === 0 && !reported) return;
    reported = true;
    onData(withHeld(stored ?? [], held));
  };
  const stopHeld = outbox.onChange(conversation, report);
  const stopStored = subscribe((messages) => {
    stored = messages;
    report();
  });
  // Held before the conversation was opened: drawn at once (once this call has returned).
  let open = true;
  queueMicrotask(() => open && report());
  return () => {
    open = false;
    stopHeld();
    stopStored();
  };
}
