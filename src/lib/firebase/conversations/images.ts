import { push, ref, type Database } from 'firebase/database';
import {
  conversationImagePath,
  FULL_DATA_MAX,
  isMessageImageDataUrl,
  THUMB_DATA_MAX,
  type MessageImageUpload,
} from './image-message';
import { directKey, groupKey, type ConversationKey } from '../../conversation-key';
import type { SentMessage } from '../inbox/shapes';
import {
  directImageSendWrite,
  groupSendWrite,
  type GroupParties,
  type MessageParties,
  type SendExtras,
} from './send-write';
import { directConversations, groupConversations } from './location';
import type { Outbox } from './outbox';
import { outboxOf, sendThroughOutbox, type OutgoingSend } from './outbox-send';
import type { CryptoNow } from './sealing';
import { isSealed } from '../../crypto/sealed-value';
import { serverClockOf } from './integrity/server-clock';
import { placementsOf, refusedForNow } from './placement';
import { hintOnceStored } from './placement/hints';

export * from './image-message';

/**
 * Image messages: the send (message, inbox entries and bytes in one root update, through the
 * same outbox as texts: conversations-outbox.ts) and the reads
 * of one image's thumbnail or full data URL, each read once and kept in memory (images never
 * change), so scrolling back and forth or reopening the lightbox downloads nothing again.
 */
export function makeConversationImagesApi(
  db: Database,
  cryptoNow: CryptoNow = () => Promise.resolve(null),
  cacheSize = 400,
  outbox: Outbox = outboxOf(db),
) {
  const cache = new Map<string, Promise<string | null>>();
  const clock = serverClockOf(db);
  // A photo's bytes are on its conversation's instance.
  const placements = placementsOf(db);
  const remember = (path: string, value: Promise<string | null>) => {
    cache.set(path, value);
    // Oldest first out: a Map iterates in insertion order.
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
    return value;
  };
  /** A sealed photo opens with its message's sender's key (crypto.ts). */
  const read = (
    key: ConversationKey,
    imageId: string,
    sender: string,
    size: 'thumb' | 'full',
  ): Promise<string | null> => {
    const path = conversationImagePath(key, imageId, size);
    const max = size === 'full' ? FULL_DATA_MAX : THUMB_DATA_MAX;
    const known = cache.get(path);
    if (known) return known;
    // Within the three connections (reach.ts): a photo of a conversation not open (a quote, a
    // notification) waits for no fourth connection.
    const value = Promise.resolve(placements.reach(key))
      .then((on) => on.run((at) => at.read(path)))
      .then(async (data) => {
        const crypto = await cryptoNow();
        if (isSealed(data)) {
          const opened = crypto ? await crypto.openImage(key, sender, imageId, size, data) : null;
          // Not opened (no key yet): not remembered, its key may arrive (an approval, a late wrap).
          if (opened === null) queueMicrotask(() => cache.delete(path));
          return opened;
        }
        // Clear bytes for a sealed message's photo came from someone else: not shown. (A photo
        // from before the switch keeps its clear bytes.)
        if (crypto?.photoIsSealed(key, imageId)) return null;
        return isMessageImageDataUrl(data, max) ? data : null;
      });
    // A failed read is not remembered, so the next view tries again.
    value.catch(() => cache.delete(path));
    return remember(path, value);
  };

  const sealed = async (
    key: ConversationKey,
    changes: Record<string, unknown>,
    parties: string[],
  ) => {
    const crypto = await cryptoNow();
    return crypto ? crypto.sealUpdate(key, changes, { parties, now: clock() }) : changes;
  };

  /** A photo's send, through the outbox; the sender's own bubble and lightbox read nothing back. */
  const sendPhoto = (
    key: ConversationKey,
    id: string,
    image: MessageImageUpload,
    send: Pick<OutgoingSend, 'path' | 'sender' | 'changes' | 'seal' | 'parse' | 'text'>,
  ): SentMessage => {
    void remember(conversationImagePath(key, id, 'thumb'), Promise.resolve(image.thumb));
    void remember(conversationImagePath(key, id, 'full'), Promise.resolve(image.full));
    return sendThroughOutbox(() => placements.reach(key), outbox, {
      ...send,
      id,
      conversation: key,
      retry: false,
      refusedForNow: (on) => refusedForNow(placements, key, on),
    });
  };

  return {
    /**
     * Sends `image` to the friend; `acked` as for text messages (conversations.ts `send`):
     * through the outbox, so offline it is held, drawn pending, and a delete drops it.
     */
    send(
      parties: MessageParties,
      image: MessageImageUpload,
      caption: string,
      extras?: SendExtras,
    ): SentMessage {
      const id = push(ref(db, `sendMessage/${parties.conversationId}`)).key;
      if (!id) throw new Error('A push id is always generated');
      const key = directKey(parties.conversationId);
      const sent = sendPhoto(key, id, image, {
        path: `sendMessage/${parties.conversationId}/${id}`,
        sender: parties.from.uid,
        changes: (words, server) => ({
          ...directImageSendWrite(parties, id, image, words, server, extras),
          ...extras?.extraChanges?.(id, server),
        }),
        seal: (changes) => sealed(key, changes, [parties.from.uid, parties.to.uid]),
        parse: (value) => directConversations.parse(parties.conversationId, id, value),
        text: caption,
      });
      // The friend's hint, when their home is not the conversation's instance.
      return hintOnceStored(sent, placements, key, parties.to.uid);
    },

    /** Posts `image` to a group, with every other member's count + 1 (group-messages.ts). */
    sendToGroup(
      parties: GroupParties,
      image: MessageImageUpload,
      caption: string,
      extras?: SendExtras,
    ): SentMessage {
      const id = push(ref(db, `groupMessages/${parties.groupId}`)).key;
      if (!id) throw new Error('A push id is always generated');
      const key = groupKey(parties.groupId);
      return sendPhoto(key, id, image, {
        path: `groupMessages/${parties.groupId}/${id}`,
        sender: parties.from.uid,
        changes: (words, server) => ({
          ...groupSendWrite(parties, id, '', server, { upload: image, caption: words }, extras),
          ...extras?.extraChanges?.(id, server),
        }),
        seal: (changes) => sealed(key, changes, [parties.from.uid, ...parties.to]),
        parse: (value) => groupConversations.parse(parties.groupId, id, value),
        text: caption,
      });
    },

    /**
     * The thumbnail's data URL in conversation `key`, or null when missing, not an image, or
     * sealed and not opening; `sender` is its message's sender (whose key seals it).
     */
    readThumb(key: ConversationKey, imageId: string, sender = ''): Promise<string | null> {
      return read(key, imageId, sender, 'thumb');
    },

    /** The full image's data URL (only the lightbox asks for it). */
    readFull(key: ConversationKey, imageId: string, sender = ''): Promise<string | null> {
      return read(key, imageId, sender, 'full');
    },
  };
}

export type ConversationImagesApi = ReturnType<typeof makeConversationImagesApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    chatImages: ConversationImagesApi;
  }
}
