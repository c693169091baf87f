import { vi } from 'vitest';
import type { ConversationApi } from '../lib/firebase/conversations/gateway';
import type { ConversationMessage } from '../lib/firebase/conversations/message';
import type { GroupParties, MessageParties } from '../lib/firebase/conversations/send-write';
import { asSentMessage } from '../lib/firebase/inbox/entry';
import { Feed } from './feed';

/** A fake server time that moves forward on every action, so `editedAt` and reactions differ. */
let fakeNow = 1_700_000_000_000;
const now = () => (fakeNow += 1000);

/**
 * One kind's fake conversation gateway: `feed` answers the live page, sends succeed as `sentId`.
 * The message actions are recorded (vi.fn) and applied to the last page the feed gave each
 * conversation, which is then emitted again, as the database would after the write.
 */
function fakeConversation<Parties>(
  feed: Feed<ConversationMessage[]>,
  sentId: string,
  conversationOf: (parties: Parties) => string,
  meOf: (parties: Parties) => string,
) {
  type Api = ConversationApi<Parties>;
  /** The last page emitted to each conversation, as the fake's stored messages. */
  const pages = new Map<string, ConversationMessage[]>();
  const hidden = new Feed<Set<string>>();
  const hiddenIds = new Map<string, Set<string>>();
  const hideIn = (key: string, messageId: string) => {
    const ids = new Set(hiddenIds.get(key)).add(messageId);
    hiddenIds.set(key, ids);
    hidden.emit(ids, key);
  };
  const change = (
    id: string,
    messageId: string,
    apply: (m: ConversationMessage) => ConversationMessage,
  ) => {
    const page = pages.get(id);
    if (!page) return;
    feed.emit(
      page.map((m) => (m.id === messageId ? apply(m) : m)),
      id,
    );
  };
  return {
    subscribeLatest: vi.fn<Api['subscribeLatest']>((page, onData, onError) =>
      feed.subscribe(
        page.id,
        (messages) => {
          pages.set(page.id, messages);
          onData(messages);
        },
        onError,
      ),
    ),
    fetchOlder: vi.fn<Api['fetchOlder']>(() => Promise.resolve([])),
    fetchChangedSince: vi.fn<Api['fetchChangedSince']>((_id, since) =>
      Promise.resolve({ messages: [], until: since }),
    ),
    send: vi.fn<Api['send']>(() => asSentMessage(sentId, Promise.resolve())),
    edit: vi.fn<Api['edit']>((parties, message, text) => {
      change(conversationOf(parties), message.id, (m) => ({
        ...m,
        text: text,
        editedAt: now(),
      }));
      return Promise.resolve();
    }),
    remove: vi.fn<Api['remove']>((parties, message) => {
      change(conversationOf(parties), message.id, (m) => ({
        id: m.id,
        text: '',
        senderId: m.senderId,
        senderName: m.senderName,
        receiverId: m.receiverId,
        receiverName: m.receiverName,
        createdAt: m.createdAt,
        deleted: true,
      }));
      return Promise.resolve('deleted' as const);
    }),
    react: vi.fn<Api['react']>((parties, message, emoji, on) => {
      const me = meOf(parties);
      change(conversationOf(parties), message.id, (m) => {
        const others = Object.entries(m.reactions?.[emoji] ?? {}).filter(([uid]) => uid !== me);
        const people = Object.fromEntries(on ? [...others, [me, now()]] : others);
        const reactions = Object.fromEntries(
          Object.entries({ ...m.reactions, [emoji]: people }).filter(
            ([, byUid]) => Object.keys(byUid).length > 0,
          ),
        );
        const out: ConversationMessage = { ...m, reactions };
        if (Object.keys(reactions).length === 0) delete out.reactions;
        return out;
      });
      return Promise.resolve();
    }),
    hide: vi.fn<Api['hide']>((uid, conversationId, messageId) => {
      hideIn(`${uid}/${conversationId}`, messageId);
      return Promise.resolve();
    }),
    hideLast: vi.fn<Api['hideLast']>((parties, messageId) => {
      hideIn(`${meOf(parties)}/${conversationOf(parties)}`, messageId);
      return Promise.resolve();
    }),
    subscribeHidden: vi.fn<Api['subscribeHidden']>((uid, conversationId, onData, onError) => {
      const key = `${uid}/${conversationId}`;
      const stop = hidden.subscribe(key, onData, onError);
      onData(new Set(hiddenIds.get(key)));
      return stop;
    }),
    fetchOne: vi.fn<Api['fetchOne']>((conversationId, messageId) =>
      Promise.resolve(pages.get(conversationId)?.find((m) => m.id === messageId) ?? null),
    ),
    fetchBetween: vi.fn<Api['fetchBetween']>(() => Promise.resolve([])),
    /** The hidden ids' feed, to answer or fail `subscribeHidden` listeners (key `uid/conversationId`). */
    hiddenFeed: hidden,
  } satisfies Api & { hiddenFeed: Feed<Set<string>> };
}

/** The fake conversations gateway: friendships' pages from `direct`, groups' from `group`. */
export function fakeConversations(feeds: {
  direct: Feed<ConversationMessage[]>;
  group: Feed<ConversationMessage[]>;
}) {
  return {
    direct: fakeConversation<MessageParties>(
      feeds.direct,
      '-Nfake',
      (parties) => parties.conversationId,
      (parties) => parties.from.uid,
    ),
    group: fakeConversation<GroupParties>(
      feeds.group,
      '-Nsent',
      (parties) => parties.groupId,
      (parties) => parties.from.uid,
    ),
  };
}
