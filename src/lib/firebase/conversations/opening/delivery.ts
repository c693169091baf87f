/**
 * A delivery of messages opened and judged (docs/security/e2ee.md): each sealed message's words,
 * or a deleted one's proof, opened (message-words.ts), every sealed one noted in what this device
 * remembers of the conversation, then each judged against it (integrity/message-verdict.ts):
 * times, edits and deletions against what was sealed, clear text against the conversation's
 * encryption. The messages shown lately are kept, so an inbox entry naming one is checked
 * against it without reading it again (entry-words.ts).
 */
import type { ConversationKey } from '../../../conversation-key';
import type { EpochKeys } from '../../../crypto/epochs/epoch-keys';
import { isSealed } from '../../../crypto/sealed-value';
import { judgeClear, judgeDeleted, judgeOpened } from '../integrity/message-verdict';
import type { SeenLedger } from '../integrity/seen-ledger';
import type { ConversationMessage } from '../message';
import type { makeWordOpener, OpenedWords } from './message-words';

type WordOpener = ReturnType<typeof makeWordOpener>;

export function makeDeliveryOpener(
  keys: EpochKeys | null,
  ledger: SeenLedger,
  openWords: WordOpener['openWords'],
  tombstoneHolds: WordOpener['tombstoneHolds'],
) {
  let ledgerLoaded = false;
  void ledger.ready.then(() => (ledgerLoaded = true));
  const isSealedMessage = (m: ConversationMessage) => !m.deleted && isSealed(m.text);
  /** Photos of sealed messages: their bytes are sealed too, clear ones are someone else's. */
  const sealedPhotos = new Set<string>();
  const notePhoto = (conversation: ConversationKey, m: ConversationMessage) => {
    if (!m.image) return;
    sealedPhotos.add(`${conversation}|${m.image.id}`);
    if (sealedPhotos.size > 20_000)
      sealedPhotos.delete(sealedPhotos.values().next().value as string);
  };

  /**
   * What a delivery's message needs opened: its words, or a deleted one's proof (both started at
   * once, for the whole delivery); null for clear text.
   */
  const opening = (conversation: ConversationKey, m: ConversationMessage) =>
    isSealedMessage(m)
      ? openWords(conversation, m).catch(
          // A key that cannot be read now (offline): not remembered, the next delivery tries again.
          (): OpenedWords => ({ fields: { text: '', sealed: 'no-key' } }),
        )
      : m.deleted
        ? tombstoneHolds(conversation, m).catch(() => false)
        : Promise.resolve(null);

  type Opened = OpenedWords | boolean | null;

  /**
   * The conversation is encrypted from its earliest sealed message: the time sealed with its
   * words when they opened, else the server's. One that does not open (no key here yet, or
   * forged) counts too: clear text beside it is no more its people's than beside an open one.
   */
  function noteSealed(conversation: ConversationKey, m: ConversationMessage, opened: Opened) {
    if (!isSealedMessage(m) && m.tombstone === undefined) return;
    notePhoto(conversation, m);
    const times = typeof opened === 'object' ? opened?.times : undefined;
    const sent = times ? times[m.editedAt === undefined ? 0 : 1] : undefined;
    ledger.markEncrypted(conversation, sent ?? m.createdAt);
  }

  /** A message as shown: its words, and what the reader found wrong with it. */
  function judged(
    conversation: ConversationKey,
    m: ConversationMessage,
    opened: Opened,
  ): ConversationMessage {
    if (typeof opened === 'boolean') {
      const alert = judgeDeleted(ledger, conversation, m, opened || !keys);
      return alert ? { ...m, alert } : m;
    }
    if (opened) {
      const out = { ...m, ...opened.fields };
      if (opened.fields.sealed !== 'open') return out;
      const verdict = judgeOpened(ledger, conversation, m, opened.times);
      return verdict.alert ? { ...out, ...verdict } : out;
    }
    const alert = judgeClear(ledger, conversation, m);
    return alert ? { ...m, alert } : m;
  }

  /** The messages of one delivery, opened and judged, in their order. */
  async function openMessages(
    conversation: ConversationKey,
    messages: ConversationMessage[],
  ): Promise<ConversationMessage[]> {
    if (!ledgerLoaded) await ledger.ready;
    const opened = await Promise.all(messages.map((m) => opening(conversation, m)));
    // Every sealed one noted before any is judged: clear text is judged against them all.
    messages.forEach((m, i) => noteSealed(conversation, m, opened[i] ?? null));
    return messages.map((m, i) =>
      shownNow(conversation, judged(conversation, m, opened[i] ?? null)),
    );
  }

  /**
   * The messages opened lately, as shown, by conversation and id: an entry naming one (the chat
   * that is open, a message just sent) is checked against it without reading it again.
   */
  const lately = new Map<string, ConversationMessage>();
  const shownNow = (conversation: ConversationKey, m: ConversationMessage) => {
    const id = `${conversation}\n${m.id}`;
    lately.delete(id);
    lately.set(id, m);
    if (lately.size > 2_000) lately.delete(lately.keys().next().value as string);
    return m;
  };

  /** One message opened and judged (openMessages, without a delivery's arrays). */
  async function openOne(
    conversation: ConversationKey,
    m: ConversationMessage,
  ): Promise<ConversationMessage> {
    if (!ledgerLoaded) await ledger.ready;
    const opened = await opening(conversation, m);
    noteSealed(conversation, m, opened);
    return shownNow(conversation, judged(conversation, m, opened));
  }

  return {
    openMessages,
    openOne,
    /** The message as shown lately on this device, if it was. */
    seenLately: (conversation: ConversationKey, messageId: string) =>
      lately.get(`${conversation}\n${messageId}`),
    /** Whether photo `imageId` belongs to a sealed message (so only sealed bytes are its own). */
    photoIsSealed: (conversation: ConversationKey, imageId: string) =>
      sealedPhotos.has(`${conversation}|${imageId}`),
  };
}
