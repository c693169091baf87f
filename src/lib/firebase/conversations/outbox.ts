/**
 * The app's outbox (docs/data-model.md, "Sending offline"): while the connection is down, a send
 * is held here instead of being handed to the SDK. The SDK cannot take back a write it queued, so
 * a message it holds reaches the server as first typed even when it was edited or deleted before
 * the connection came back; and a first message of a sealed conversation cannot be sealed
 * offline (a new epoch's wraps are written and acknowledged first). Held here, a message is drawn
 * as pending at once, an edit rewrites it and a delete drops it (nothing ever reaches the
 * server); once connected, each is sealed and written in the order sent, through `sendOnce`.
 * Online sends pass through it too (outbox-send.ts), so a bubble never waits for
 * its sealing.
 * Nothing here imports Firebase: sealing and writing come with each send.
 */
import type { ConversationKey } from '../../conversation-key';
import type { ConversationMessage } from './message';
import { HeldReactions } from './outbox-reactions';

type Changes = Record<string, unknown>;

/** One send, as the gateway hands it to the outbox. */
export interface HeldSend {
  id: string;
  conversation: ConversationKey;
  /** Who sends it (the rules refuse a send in someone else's name). */
  sender: string;
  text: string;
  /** The id of the message it quotes (`replyTo`), if any. */
  quotes?: string;
  /** Drawn while held, with `text`; `quoteGone`: its quoted message was withdrawn (no quote). */
  draw: (text: string, quoteGone: boolean) => ConversationMessage | null;
  /** The root update for `text`, sealed (may need the network: done once connected). */
  seal: (text: string, quoteGone: boolean) => Promise<Changes>;
  /** Writes the sealed update (sendOnce); settles as the server stores or refuses it. */
  write: (changes: Changes) => Promise<void>;
}

interface Entry {
  send: HeldSend;
  /** The session it was sent in (when known): only that session draws or delivers it. */
  session: string | undefined;
  text: string;
  /** Bumped by each rewrite: a seal of an older text is made again. */
  version: number;
  /** My reactions to it while held, the last toggle of each emoji (held-reactions.ts). */
  reactions: HeldReactions;
  /** The message it quotes was withdrawn: the rules take a quote only of a stored message. */
  quoteGone: boolean;
  withdrawn: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** Resolves true once handed to the SDK, false when withdrawn or failed before that. */
  left: Promise<boolean>;
  leave: (written: boolean) => void;
}

/**
 * The stored messages with the held ones not stored yet after them, in the order sent: each
 * will get a server time later than everything stored now, so it is drawn there whatever this
 * device's clock says (drawn by it, a held message showed above one just stored for a moment).
 */
export function withHeld(
  stored: ConversationMessage[],
  held: ConversationMessage[],
): ConversationMessage[] {
  if (held.length === 0) return stored;
  const ids = new Set(stored.map((m) => m.id));
  const extra = held.filter((m) => !ids.has(m.id));
  if (extra.length === 0) return stored;
  const floor = stored.at(-1)?.createdAt ?? -Infinity;
  return [...stored, ...extra.map((m) => (m.createdAt >= floor ? m : { ...m, createdAt: floor }))];
}

/**
 * `signedIn`: the uid of the current session, when known; a send held while that session ended
 * (a sign-out, another sign-in) is neither drawn nor delivered.
 */
export function makeOutbox(signedIn: () => string | undefined = () => undefined) {
  /** Held, or being sealed, in the order sent. */
  const queue: Entry[] = [];
  /** Handed to the SDK, not settled yet: still drawn until the stored copy replaces it. */
  const written = new Map<string, Entry>();
  const listeners = new Map<ConversationKey, Set<() => void>>();
  let connected = false;
  let flushing = false;
  /** Read anew after each await: the connection changes meanwhile. */
  const isConnected = () => connected;

  const notify = (conversation: ConversationKey) => {
    for (const listener of [...(listeners.get(conversation) ?? [])]) listener();
  };
  // Not the sender: a send in another's name still goes out, for the rules to refuse it.
  const isMine = (entry: Entry) => entry.session === undefined || signedIn() === entry.session;
  const heldEntry = (id: string) => queue.find((entry) => entry.send.id === id);
  const unqueue = (entry: Entry) => {
    const at = queue.indexOf(entry);
    if (at >= 0) queue.splice(at, 1);
  };

  function withdraw(entry: Entry) {
    entry.withdrawn = true;
    unqueue(entry);
    // A held reply to it is delivered without the quote, never refused over it.
    for (const reply of queue) {
      if (reply.send.quotes !== entry.send.id) continue;
      reply.quoteGone = true;
      reply.version += 1;
    }
    entry.leave(false);
    entry.resolve();
    notify(entry.send.conversation);
  }

  /** The newest text's sealed update; a rewrite made while sealing is sealed again. */
  async function sealLatest(entry: Entry): Promise<Changes> {
    for (;;) {
      const version = entry.version;
      const changes = await entry.send.seal(entry.text, entry.quoteGone);
      if (entry.withdrawn || version === entry.version) return changes;
    }
  }

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (connected && queue.length > 0) {
        const entry = queue[0];
        if (!isMine(entry)) {
          withdraw(entry);
          continue;
        }
        let changes: Changes;
        try {
          changes = await sealLatest(entry);
        } catch (error) {
          if (entry.withdrawn) continue;
          // Cut off while sealing: held again, sealed on the next connection.
          if (!isConnected()) break;
          unqueue(entry);
          entry.leave(false);
          entry.reject(error);
          notify(entry.send.conversation);
          continue;
        }
        if (entry.withdrawn) continue;
        unqueue(entry);
        written.set(entry.send.id, entry);
        // The SDK queues it at once, in order after the ones written before.
        const settled = entry.send.write(changes);
        entry.leave(true);
        settled.then(entry.resolve, entry.reject).finally(() => {
          written.delete(entry.send.id);
          notify(entry.send.conversation);
        });
      }
    } finally {
      flushing = false;
    }
    if (connected && queue.length > 0) void flush();
  }

  return {
    /** Whether a new send must be held: offline, or older sends still wait (order is kept). */
    holds: () => !connected || queue.length > 0,

    /** Holds `send`; settles when the server stored it, or it was withdrawn (resolves). */
    hold(send: HeldSend): Promise<void> {
      let leave: (written: boolean) => void = () => undefined;
      const left = new Promise<boolean>((resolve) => (leave = resolve));
      const done = new Promise<void>((resolve, reject) => {
        queue.push({
          send,
          session: signedIn(),
          text: send.text,
          version: 0,
          reactions: new HeldReactions(),
          quoteGone: false,
          withdrawn: false,
          resolve,
          reject,
          left,
          leave,
        });
      });
      notify(send.conversation);
      if (connected) void flush();
      return done;
    },

    /** A held message's new text; false when it is not held (already written, or unknown). */
    rewrite(id: string, text: string): boolean {
      const entry = heldEntry(id);
      if (!entry) return false;
      entry.text = text;
      entry.version += 1;
      notify(entry.send.conversation);
      return true;
    },

    /** Drops a held message: nothing of it reaches the server. False when it is not held. */
    withdraw(id: string): boolean {
      const entry = heldEntry(id);
      if (!entry) return false;
      withdraw(entry);
      return true;
    },

    /**
     * My reaction `emoji` to a held message toggled `on` or off, drawn at once. Resolves true once
     * the message is handed to the SDK if this last toggle of `emoji` adds it (then to be
     * written), else false; null when the message is not held.
     */
    react(id: string, emoji: string, uid: string, on: boolean): Promise<boolean> | null {
      const entry = heldEntry(id);
      if (!entry) return null;
      const toggle = entry.reactions.toggle(emoji, uid, on, Date.now());
      notify(entry.send.conversation);
      return entry.left.then((written) => written && entry.reactions.isLast(emoji, toggle) && on);
    },

    /** The messages of `conversation` held or on their way, as drawn (pending). */
    drawn(conversation: ConversationKey): ConversationMessage[] {
      const out: ConversationMessage[] = [];
      for (const entry of [...written.values(), ...queue]) {
        if (entry.send.conversation !== conversation || !isMine(entry)) continue;
        const message = entry.send.draw(entry.text, entry.quoteGone);
        if (message) out.push(entry.reactions.drawnOn(message));
      }
      return out;
    },

    /** Calls `listener` whenever what `conversation` draws from here may have changed. */
    onChange(conversation: ConversationKey, listener: () => void): () => void {
      let set = listeners.get(conversation);
      if (!set) listeners.set(conversation, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversation);
      };
    },

    /** The connection's state (`.info/connected`): connected, the held sends go out in order. */
    setConnected(up: boolean) {
      connected = up;
      if (up) void flush();
    },
  };
}

export type Outbox = ReturnType<typeof makeOutbox>;
