/**
 * My inbox entries on the instances other than my home (docs/scaling.md, "Bounded connections"
 * and "The hint protocol"). At sign-in and after a reconnect: my conversations from the
 * directory (friendships, blocks, groups) and their placements, then each other instance's
 * entries read once, one instance after another through the slot. Then hints on my home keep
 * them fresh: a hint names a conversation, its instance comes from the placement (never from
 * the hint), and a look there reads my own entry and keeps listening while the slot stays open;
 * when the three connections are taken the look is one REST read, and each later hint one more
 * (coalesced). So every count comes from the entry on the conversation's instance, proven by
 * its rules.
 * Each look also reads, in the same slot use, what other gateways keep fresh that way (the
 * conversations' key waits: placement/looks.ts).
 */
import {
  equalTo,
  get,
  onValue,
  orderByChild,
  query,
  ref,
  update,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import {
  conversationKey,
  parseConversationKey,
  type ConversationKey,
} from '../../conversation-key';
import { placementsOf, type SlotAccess } from '../conversations';
import { inboxEntryPath } from '../conversations/shapes';
import { coalesceLooks } from './coalesce';
import { parseInbox, parseInboxEntry, type InboxEntry } from './entry';

type Entries = Partial<Record<ConversationKey, InboxEntry>>;

const isConversationKey = (key: string): key is ConversationKey => /^[dg]:./.test(key);

/**
 * Follows `uid`'s entries on every instance but their home, calling `onChange` with the home's
 * number and the entries by instance on every change. With one instance it reads nothing and
 * listens to nothing. A look that fails leaves that instance's entries as they were.
 */
export function followOtherInstances(
  directory: Database,
  uid: string,
  onChange: (home: number, others: ReadonlyMap<number, Entries>) => void,
): Unsubscribe {
  const placements = placementsOf(directory);
  const others = new Map<number, Entries>();
  /** The live look of each conversation, stopped with its slot. */
  const watching = new Map<ConversationKey, Unsubscribe>();
  const stops: Unsubscribe[] = [];
  let stopped = false;
  let home = 0;
  const emit = () => {
    if (!stopped) onChange(home, others);
  };
  const setEntry = (instance: number, key: ConversationKey, entry: InboxEntry | null) => {
    const entries = Object.entries(others.get(instance) ?? {}).filter(([k]) => k !== key);
    others.set(instance, Object.fromEntries(entry ? [...entries, [key, entry]] : entries));
    emit();
  };

  /** My conversations, as the directory lists them. */
  const myConversations = async (): Promise<ConversationKey[]> => {
    const mine = (tree: string, field: string) =>
      get(query(ref(directory, tree), orderByChild(field), equalTo(uid)));
    const lists = await Promise.all([
      mine('friendList', 'senderId'),
      mine('friendList', 'receiverId'),
      mine('block', 'blockbyid'),
      mine('block', 'blockid'),
    ]);
    const groups = await get(ref(directory, `userGroups/${uid}`));
    const direct = lists.flatMap((list) => Object.keys((list.val() ?? {}) as object));
    const grouped = Object.keys((groups.val() ?? {}) as object);
    return [
      ...new Set([
        ...direct.map((id) => conversationKey('direct', id)),
        ...grouped.map((id) => conversationKey('group', id)),
      ]),
    ];
  };

  /** Every other instance's entries, read once each, one instance after another. */
  const lookEverywhere = async () => {
    const keys = await myConversations();
    const placed = await Promise.all(keys.map((key) => placements.instanceOf(key)));
    const byInstance = new Map<number, Set<ConversationKey>>();
    keys.forEach((key, i) => {
      const instance = placed[i] ?? home;
      if (instance === home) return;
      byInstance.set(instance, (byInstance.get(instance) ?? new Set()).add(key));
    });
    for (const instance of others.keys()) if (!byInstance.has(instance)) others.delete(instance);
    for (const [instance, mine] of byInstance) {
      if (stopped) return;
      const [direct, group] = await placements.lookAt(instance, (at) =>
        Promise.all([at.read(`inbox/${uid}`), at.read(`groupInbox/${uid}`)]),
      );
      const read = { ...parseInbox('direct', direct), ...parseInbox('group', group) };
      const entries: Entries = {};
      for (const key of mine) if (key in read) entries[key] = read[key];
      others.set(instance, entries);
      emit();
    }
  };
  let looking: Promise<void> | null = null;
  let again = false;
  /** One full look at a time; asked meanwhile, one more after it. */
  const lookAgain = () => {
    if (looking) {
      again = true;
      return;
    }
    looking = lookEverywhere()
      .catch(() => undefined)
      .finally(() => {
        looking = null;
        if (again && !stopped) {
          again = false;
          lookAgain();
        }
      });
  };

  /** My entry of `key` on `instance`, live until the slot closes there. */
  const listenUntilClosed = (instance: number, db: Database, key: ConversationKey) =>
    new Promise<void>((resolve) => {
      watching.get(key)?.();
      const { kind, id } = parseConversationKey(key);
      let first = true;
      const stop = () => {
        stopListen();
        unhook();
        if (watching.get(key) === stop) watching.delete(key);
        resolve();
      };
      const stopListen = onValue(
        ref(db, inboxEntryPath(kind, uid, id)),
        (snapshot) => {
          setEntry(instance, key, parseInboxEntry(kind, id, snapshot.val()));
          // News keeps the slot open: the next 30 s of news arrive without a hint.
          if (!first) void placements.throughSlot(instance, () => Promise.resolve());
          first = false;
          resolve();
        },
        stop,
      );
      const unhook = placements.whenSlotCloses(instance, stop);
      watching.set(key, stop);
    });
  /**
   * My entry of `key` on `instance`: live until the slot closes there, or read once when the
   * look goes over REST (the next hint looks again).
   */
  const watch = async (instance: number, at: SlotAccess, key: ConversationKey) => {
    const { kind, id } = parseConversationKey(key);
    if (at.live) return listenUntilClosed(instance, at.live, key);
    setEntry(
      instance,
      key,
      parseInboxEntry(kind, id, await at.read(inboxEntryPath(kind, uid, id))),
    );
  };
  const looks = coalesceLooks<ConversationKey>((instance, keys) => {
    void placements
      .lookAt(instance, (at) => Promise.all(keys.map((key) => watch(instance, at, key))))
      .catch(() => undefined);
  });

  /** A hint names a conversation (or the directory); all else about it is read, not believed. */
  const onHint = async (key: string) => {
    if (key === 'directory') return lookAgain();
    if (!isConversationKey(key)) return;
    // A conversation not known yet costs one read of its placement; none means the default.
    const instance = await placements.instanceOf(key).catch(() => null);
    if (instance === null || instance === home || stopped) return;
    looks.request(instance, key);
  };

  void (async () => {
    // Read after each wait: the caller may have stopped meanwhile.
    const over = () => stopped;
    if (!(await placements.isSharded().catch(() => false)) || over()) return;
    home = await placements.homeOf(uid);
    const homeDb = await placements.homeOfNow(uid);
    if (over()) return;
    lookAgain();
    let heardHints = false;
    stops.push(
      onValue(
        ref(homeDb, `hints/${uid}`),
        (snapshot) => {
          const keys = Object.keys((snapshot.val() ?? {}) as object);
          const first = !heardHints;
          heardHints = true;
          if (keys.length === 0) return;
          // Consumed: a hint says nothing more once its look is asked for.
          const consumed = Object.fromEntries(keys.map((key) => [`hints/${uid}/${key}`, null]));
          void update(ref(homeDb), consumed).catch(() => undefined);
          // A directory hint left from before sign-in: the sign-in's full look, begun just
          // before, lists everything anew already.
          for (const key of keys) if (!(first && key === 'directory')) void onHint(key);
        },
        () => undefined,
      ),
    );
    // After a reconnect every entry is read again: hints sent meanwhile may be lost.
    let wasOnline = false;
    let reconnecting = false;
    stops.push(
      onValue(ref(homeDb, '.info/connected'), (snapshot) => {
        const online = snapshot.val() === true;
        if (online && reconnecting) {
          reconnecting = false;
          lookAgain();
        }
        if (!online && wasOnline) reconnecting = true;
        wasOnline = online;
      }),
    );
  })().catch(() => undefined);

  return () => {
    stopped = true;
    looks.stop();
    for (const stop of stops) stop();
    for (const stop of [...watching.values()]) stop();
  };
}
