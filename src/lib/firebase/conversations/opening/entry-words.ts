/**
 * An inbox entry's sealed words opened (docs/security/e2ee.md): its preview, my reaction's quote
 * and the cover's shown message, each checked against the message it names when the
 * conversation is encrypted, whose own words show when they differ (a preview or a quote is
 * whatever its writer sealed).
 */
import type { ConversationKey } from '../../../conversation-key';
import { isSealed, type FieldPlace } from '../../../crypto/sealed-value';
import type { SealedField } from '../../../crypto/message-seal';
import type { InboxEntry } from '../../inbox/shapes';
import { remember, type Opening } from './message-words';
import { checkedEntry, saysWhatEntrySays, type MessageLookup } from '../integrity/entry-check';
import type { SeenLedger } from '../integrity/seen-ledger';
import type { ConversationMessage } from '../message';

interface EntryOpenerDeps {
  me: string;
  hasKeys: boolean;
  ledger: SeenLedger;
  openText: (
    conversation: ConversationKey,
    value: string,
    at: Omit<FieldPlace, 'conversation'>,
    field: SealedField,
  ) => Promise<Opening>;
  /** The message as shown lately on this device, if it was. */
  seenLately: (conversation: ConversationKey, messageId: string) => ConversationMessage | undefined;
  openMessage: (
    conversation: ConversationKey,
    m: ConversationMessage,
  ) => Promise<ConversationMessage>;
}

export function makeEntryOpener({
  me,
  hasKeys,
  ledger,
  openText,
  seenLately,
  openMessage,
}: EntryOpenerDeps) {
  /**
   * The messages entries name and this device has not opened lately, as stored, read once per
   * state of the entry's words (a read that fails is remembered as none: the entry's own words
   * show until they change).
   */
  const named = new Map<string, Promise<ConversationMessage | null>>();

  /**
   * An entry's preview and reaction quote opened; a preview that does not open says why. With
   * `lookup`, each is checked against the message it names, and that message's own words are
   * shown when they differ (a preview or a quote is whatever its writer sealed).
   */
  return async function openEntry(
    conversation: ConversationKey,
    entry: InboxEntry,
    lookup?: MessageLookup,
  ): Promise<InboxEntry> {
    await ledger.ready;
    let out = entry;
    if (isSealed(entry.lastText)) {
      const { text, state } = await openText(
        conversation,
        entry.lastText,
        { messageId: entry.lastMessageId, sender: entry.lastSenderId },
        'preview',
      );
      out = { ...out, lastText: text, sealed: state };
    }
    if (entry.reaction && isSealed(entry.reaction.text)) {
      const { text } = await openText(
        conversation,
        entry.reaction.text,
        { messageId: entry.reaction.messageId, sender: me },
        'quote',
      );
      out = { ...out, reaction: { ...entry.reaction, text } };
    }
    const shown = entry.cover?.shown;
    if (entry.cover && shown && isSealed(shown.text)) {
      // Sealed by me (seal-update.ts), whoever sent the message it shows.
      const { text, state } = await openText(
        conversation,
        shown.text,
        { messageId: shown.messageId, sender: me },
        'preview',
      );
      out = { ...out, cover: { ...entry.cover, shown: { ...shown, text, sealed: state } } };
    }
    const encrypted = isSealed(entry.lastText) || ledger.encryptedSince(conversation) !== undefined;
    if (!lookup || !hasKeys || !encrypted) return out;
    const { reaction, cover } = entry;
    const state = JSON.stringify([
      conversation,
      [entry.lastMessageId, entry.lastText, entry.lastKind],
      [reaction?.messageId, reaction?.text],
      [cover?.shown?.messageId, cover?.shown?.text],
    ]);
    const read = (messageId: string) => {
      const id = `${state}\n${messageId}`;
      return (
        named.get(id) ??
        remember(
          named,
          id,
          lookup(messageId).catch(() => null),
        )
      );
    };
    // Opened anew each time (its words are remembered once they open): keys may have arrived.
    return checkedEntry(out, (messageId) => {
      const seen = seenLately(conversation, messageId);
      // A last message shown saying otherwise may be from before the entry's update (an edit
      // opened after it): the stored one, of the same update, is read instead.
      const current = messageId !== entry.lastMessageId || (seen && saysWhatEntrySays(out, seen));
      return seen && seen.sealed !== 'no-key' && current
        ? Promise.resolve(seen)
        : read(messageId).then((m) => m && openMessage(conversation, m));
    });
  };
}
