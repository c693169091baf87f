import {
  onDisconnect,
  onValue,
  ref,
  remove,
  serverTimestamp,
  set,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import {
  conversationKey,
  parseConversationKey,
  type ConversationKey,
  type ConversationKind,
} from '../../conversation-key';
import {
  announceSoon,
  isRefusal,
  listenOn,
  listenPlaced,
  placementsOf,
  writeFollowingMoves,
} from '../conversations';
import { inboxEntryPath, readsPath } from '../conversations/shapes';
import { parseInbox, parseReadMarker, type InboxEntry, type ReadMarker } from './entry';
import { followOtherInstances } from './instances';
import { mergeInstances } from './merge';
import { TypingThrottle } from '../conversations/shapes';
import type { CryptoNow } from '../conversations/shapes';
import { openInOrder, storedMessage } from '../conversations/shapes';
import type { ConversationMessage } from '../conversations/shapes';
import { isSealed } from '../../crypto/sealed-value';

type OnError = (error: Error) => void;

/** A cover's sealed preview, in a browser without keys, says so rather than showing ciphertext. */
function withoutSealedCover(entry: InboxEntry): InboxEntry {
  const { cover } = entry;
  if (!cover?.shown || !isSealed(cover.shown.text)) return entry;
  const shown = { ...cover.shown, text: '', sealed: 'no-key' as const };
  return { ...entry, cover: { ...cover, shown } };
}

/** A message of a conversation by id, as stored (parsed, not opened): what an entry names. */
export type EntryMessageLookup = (
  key: ConversationKey,
  messageId: string,
) => Promise<ConversationMessage | null>;

/**
 * Reads the messages entries name from the directory `db`'s placement of their conversation
 * (each read once per entry state, crypto.ts).
 */
const entryMessagesOf =
  (db: Database): EntryMessageLookup =>
  async (key, messageId) => {
    const stored = storedMessage(key, messageId);
    // Within the three connections: a message on a fourth instance is read over REST.
    return stored.parse(await placementsOf(db).readPlaced(key, stored.path));
  };

/**
 * Each entry's sealed preview, reaction quote and cover opened (crypto.ts), and with `lookup`
 * checked against the messages they name.
 */
const entriesOpener =
  (cryptoNow: CryptoNow, lookup?: EntryMessageLookup) =>
  async (
    inbox: Record<ConversationKey, InboxEntry>,
  ): Promise<Record<ConversationKey, InboxEntry>> => {
    const keys = Object.keys(inbox) as ConversationKey[];
    const crypto = await cryptoNow();
    if (!crypto) {
      // Nobody signed in here: a sealed preview says so rather than showing ciphertext.
      return Object.fromEntries(
        keys.map((key) => [
          key,
          withoutSealedCover(
            isSealed(inbox[key].lastText)
              ? { ...inbox[key], lastText: '', sealed: 'no-key' as const }
              : inbox[key],
          ),
        ]),
      );
    }
    const entries = await Promise.all(
      keys.map((key) =>
        crypto.openEntry(key, inbox[key], lookup && ((id: string) => lookup(key, id))),
      ),
    );
    return Object.fromEntries(keys.map((key, i) => [key, entries[i]]));
  };

/**
 * The inbox (`inbox/{uid}` for friendships, `groupInbox/{uid}` for groups), read markers
 * (`reads/{conversationId}/{uid}`, `groupReads/{groupId}/{uid}`), typing (`typing/{conversationId}/{uid}`, 1:1
 * only) and `settings/{uid}/readReceipts` (docs/data-model.md, Inbox). The entries change with
 * each message, in the message's own update (see messages.ts `send`).
 */
export function makeInboxApi(
  db: Database,
  cryptoNow: CryptoNow = () => Promise.resolve(null),
  typingThrottle = new TypingThrottle(),
) {
  const opened = entriesOpener(cryptoNow, entryMessagesOf(db));
  // Entries, markers and typing live on their conversation's instance; my entries of the
  // conversations placed on my home, on my home (docs/scaling.md).
  const placements = placementsOf(db);
  const where = (kind: ConversationKind, id: string) =>
    placements.whereIs(conversationKey(kind, id));
  /** A listener on conversation `id`'s instance, waiting out a mirror not landed yet. */
  const listenTo = (
    kind: ConversationKind,
    id: string,
    attach: (on: Database, onError: OnError) => Unsubscribe,
    onError: OnError,
  ) => listenPlaced(placements, conversationKey(kind, id), attach, onError);
  /** `db`: the conversation's instance. */
  const typingRef = (db: Database, conversationId: string, uid: string) =>
    ref(db, `typing/${conversationId}/${uid}`);
  const receiptsRef = (uid: string) => ref(db, `settings/${uid}/readReceipts`);

  return {
    /**
     * My entries of both trees by conversation key, live: first once both have answered, then
     * on every change of either. With several instances, merged with my entries on the others
     * (instances.ts): each conversation's entry from its own instance.
     */
    subscribeInbox(
      uid: string,
      onData: (inbox: Record<ConversationKey, InboxEntry>) => void,
      onError: OnError,
    ): Unsubscribe {
      let direct: Record<ConversationKey, InboxEntry> | null = null;
      let group: Record<ConversationKey, InboxEntry> | null = null;
      // The other instances' entries (instances.ts): none until the home is known.
      let homeInstance: number | null = null;
      let others: ReadonlyMap<number, Partial<Record<ConversationKey, InboxEntry>>> = new Map();
      const deliver = openInOrder(opened, onData, onError);
      const emit = () => {
        if (!direct || !group) return;
        const atHome = { ...direct, ...group };
        deliver(
          homeInstance === null
            ? atHome
            : mergeInstances(homeInstance, atHome, others, (key) =>
                placements.knownInstanceOf(key),
              ),
        );
      };
      const home = placements.homeOfNow(uid);
      const stops = [
        listenOn(
          home,
          (on) =>
            onValue(
              ref(on, `inbox/${uid}`),
              (snapshot) => {
                direct = parseInbox('direct', snapshot.val());
                emit();
              },
              onError,
            ),
          onError,
        ),
        listenOn(
          home,
          (on) =>
            onValue(
              ref(on, `groupInbox/${uid}`),
              (snapshot) => {
                group = parseInbox('group', snapshot.val());
                emit();
              },
              onError,
            ),
          onError,
        ),
        followOtherInstances(db, uid, (instance, entries) => {
          homeInstance = instance;
          others = entries;
          emit();
        }),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },

    /**
     * Clears my unread count of conversation `key`, naming the last message I saw: the server
     * refuses the reset (and the promise rejects) when another message arrived since, so a count
     * is never cleared for a message nobody showed me; the entry's update then asks again. With
     * receipts on, my read marker moves in the same update (only allowed while we are friends,
     * or while I am in the group).
     */
    markRead(
      uid: string,
      key: ConversationKey,
      lastMessageId: string,
      receiptsOn: boolean,
    ): Promise<void> {
      const { kind, id } = parseConversationKey(key);
      const entry = inboxEntryPath(kind, uid, id);
      const changes: Record<string, unknown> = {
        [`${entry}/unread`]: 0,
        [`${entry}/lastMessageId`]: lastMessageId,
      };
      if (receiptsOn) {
        changes[readsPath(kind, id, uid)] = { at: serverTimestamp(), messageId: lastMessageId };
      }
      // Refused while the conversation moves: held, then written where it went. Away from
      // my home my list reads this entry by looks: my own hint asks for one, here and on my
      // other devices, so the badge goes with the read.
      return writeFollowingMoves(placements, key, (at) => at.update(changes)).then(() =>
        announceSoon(placements, key, uid),
      );
    },

    /** How far `friendUid` has read `conversationId`, live; null when they never marked it. */
    subscribeReadMarker(
      conversationId: string,
      friendUid: string,
      onData: (marker: ReadMarker | null) => void,
      onError: OnError,
    ): Unsubscribe {
      return listenTo(
        'direct',
        conversationId,
        (on, failed) =>
          onValue(
            ref(on, readsPath('direct', conversationId, friendUid)),
            (snapshot) => onData(parseReadMarker(snapshot.val())),
            failed,
          ),
        onError,
      );
    },

    /** Every read marker of a group's conversation by uid, live (the admin's and members'). */
    subscribeReadMarkers(
      groupId: string,
      onData: (markers: Record<string, ReadMarker>) => void,
      onError: OnError,
    ): Unsubscribe {
      return listenTo(
        'group',
        groupId,
        (on, failed) =>
          onValue(
            ref(on, readsPath('group', groupId)),
            (snapshot) => {
              const markers: Record<string, ReadMarker> = {};
              snapshot.forEach((child) => {
                const marker = parseReadMarker(child.val());
                if (child.key && marker) markers[child.key] = marker;
              });
              onData(markers);
            },
            failed,
          ),
        onError,
      );
    },

    /**
     * Says (`on`) or unsays that `uid` is typing in `conversationId`. "On" writes at most once every 2 s
     * per conversation (the rest resolve at once); the server removes the signal if the
     * connection drops. "Off" (on send, leaving the chat, idle) removes it if it was written.
     */
    async setTyping(conversationId: string, uid: string, on: boolean): Promise<void> {
      const key = `${conversationId}/${uid}`;
      const instance = () => Promise.resolve(where('direct', conversationId));
      // A signal refused while the conversation moves is dropped (the next one, 2 s later, says
      // the same), and its placement read again so that one goes where the conversation went.
      const dropRefused = (error: unknown) => {
        if (!isRefusal(error)) throw error;
        placements.forget(conversationKey('direct', conversationId));
      };
      if (!on) {
        if (!typingThrottle.stop(key)) return;
        const signal = typingRef(await instance(), conversationId, uid);
        await Promise.all([remove(signal), onDisconnect(signal).cancel()]).catch(dropRefused);
        return;
      }
      if (!typingThrottle.shouldWrite(key)) return;
      const signal = typingRef(await instance(), conversationId, uid);
      // Queued before the write on the same connection, so a crash never leaves it behind.
      await Promise.all([onDisconnect(signal).remove(), set(signal, serverTimestamp())]).catch(
        dropRefused,
      );
    },

    /** The server time at which `friendUid` last said they were typing in `conversationId`, or null. */
    subscribeTyping(
      conversationId: string,
      friendUid: string,
      onData: (at: number | null) => void,
      onError: OnError,
    ): Unsubscribe {
      return listenTo(
        'direct',
        conversationId,
        (on, failed) =>
          onValue(
            typingRef(on, conversationId, friendUid),
            (snapshot) => {
              const at: unknown = snapshot.val();
              onData(typeof at === 'number' ? at : null);
            },
            failed,
          ),
        onError,
      );
    },

    /**
     * Whether this client is connected, live (false while offline): to the home once known,
     * since the directory is then connected only for looks and writes.
     */
    subscribeConnected(onChange: (connected: boolean) => void): Unsubscribe {
      return placementsOf(db).watchOnline(onChange);
    },

    /** My read-receipts preference, live: on unless I switched it off. */
    subscribeReadReceipts(
      uid: string,
      onData: (on: boolean) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(receiptsRef(uid), (snapshot) => onData(snapshot.val() !== false), onError);
    },

    setReadReceipts(uid: string, on: boolean): Promise<void> {
      return set(receiptsRef(uid), on);
    },
  };
}

export type InboxApi = ReturnType<typeof makeInboxApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    inbox: InboxApi;
  }
}
