import { serverTimestamp } from 'firebase/database';
import { editWrite, markerWrite, reactWrite, removeWrite, type ActionScope } from './actions-write';
import { writeWithPreviewOrAlone } from './actions-fallback';
import { coverChanges, hideChanges, type HiddenCover } from './inbox-entry-cover';
import type { ConversationLocation } from './location';
import type { ConversationMessage } from './message';
import type { Outbox } from './outbox';
import type { conversationSealing } from './sealing';
import { bindingMeta } from './integrity/binding-meta';

/** What the actions share with the rest of their conversation API (gateway.ts). */
interface ActionsOf<Parties> {
  location: ConversationLocation<Parties>;
  outbox: Outbox;
  sealed: ReturnType<typeof conversationSealing<Parties>>['sealed'];
  /** `changes` written in one update where conversation `id` is, following a move. */
  writeIn: (id: string, changes: Record<string, unknown>) => Promise<void>;
}

/**
 * The message actions of one location (docs/data-model.md, Message actions): edit, delete for
 * everyone, react, and hide the last message shown. The rules decide which changes a stored
 * message may take.
 */
export function messageActions<Parties>({ location, outbox, sealed, writeIn }: ActionsOf<Parties>) {
  const scopeOf = (parties: Parties): ActionScope => {
    const everyone = location.everyone(parties);
    return {
      kind: location.kind,
      conversationId: location.conversationOf(parties),
      me: everyone[0],
      everyone,
    };
  };
  return {
    /**
     * Replaces the text of my text message (and `editedAt`); `isLast`: it is the conversation's
     * last message, so every party's preview follows, unless the rules refuse that preview (an
     * entry names a newer message): then the edit alone (actions-fallback.ts).
     * A message still held by the outbox gets the new text there: it is delivered once, as last
     * typed, with no `editedAt` (nobody saw the first text). Written already, queued after it.
     */
    edit(
      parties: Parties,
      message: ConversationMessage,
      text: string,
      isLast: boolean,
    ): Promise<void> {
      if (outbox.rewrite(message.id, text)) return Promise.resolve();
      const scope = scopeOf(parties);
      const write = (changes: Record<string, unknown>) => writeIn(scope.conversationId, changes);
      const now = serverTimestamp();
      // Sealed as an edit of this very message: what it shows and when it was sent come along.
      const action = {
        messageId: message.id,
        meta: bindingMeta(message),
        sentAt: message.createdAt,
      };
      return writeWithPreviewOrAlone(
        write,
        sealed(parties, editWrite(scope, message, text, isLast, now), action),
        sealed(parties, editWrite(scope, message, text, false, now), action),
        markerWrite(scope, message, now),
      );
    },

    /**
     * Deletes my message for everyone: only its envelope stays, a photo's bytes go. As for an
     * edit, a preview the rules refuse (another entry names a newer message) is left out. A
     * message still held by the outbox is dropped there: nothing of it ever reaches the server
     * ('withdrawn': it leaves the screen without a placeholder).
     */
    async remove(
      parties: Parties,
      message: ConversationMessage,
      isLast: boolean,
    ): Promise<'withdrawn' | 'deleted'> {
      if (outbox.withdraw(message.id)) return 'withdrawn';
      const scope = scopeOf(parties);
      const write = (changes: Record<string, unknown>) => writeIn(scope.conversationId, changes);
      const now = serverTimestamp();
      // Sealed for its tombstone: readers take a deletion only with the sender's proof.
      const action = { messageId: message.id };
      await writeWithPreviewOrAlone(
        write,
        sealed(parties, removeWrite(scope, message, isLast, now), action),
        sealed(parties, removeWrite(scope, message, false, now), action),
        markerWrite(scope, message, now),
      );
      return 'deleted';
    },

    /** Adds (`on`) or takes back my reaction `emoji` to `message`, with the author's notice. */
    async react(
      parties: Parties,
      message: ConversationMessage,
      emoji: string,
      on: boolean,
    ): Promise<void> {
      // On a held message: drawn with it at once, written after it (or never: withdrawn, or
      // taken back meanwhile).
      const held = outbox.react(message.id, emoji, location.everyone(parties)[0], on);
      if (held !== null && !(await held)) return;
      const scope = scopeOf(parties);
      const changes = reactWrite(scope, message, emoji, on, serverTimestamp());
      const quoted = { sender: message.senderId, sealedText: message.sealedText };
      const sealedChanges = await sealed(parties, changes, { messageId: message.id, quoted });
      return writeIn(scope.conversationId, sealedChanges);
    },

    /**
     * Deletes for me a message my row shows as the last one: my own entry gets what the row
     * shows instead (`cover`: the newest message before it that I still see, or nothing) in the
     * same update, so every device of mine stops showing its words. Refused (no entry yet, the
     * message shown changed meanwhile), the hide goes alone: the message still leaves the chat.
     */
    hideLast(parties: Parties, messageId: string, cover: HiddenCover): Promise<void> {
      const { kind, conversationId, me } = scopeOf(parties);
      const place = { kind, conversationId, owner: me };
      const alone = hideChanges(place, messageId);
      const withCover = { ...alone, ...coverChanges(place, cover) };
      // Only words are sealed: a cover without any needs no key (nor the network for one).
      const words = cover.shown && !cover.shown.deleted && !cover.shown.image;
      const write = (changes: Record<string, unknown>) => writeIn(conversationId, changes);
      return writeWithPreviewOrAlone(write, words ? sealed(parties, withCover) : withCover, alone);
    },
  };
}
