/**
 * An inbox entry's words checked against the messages it names (docs/security/e2ee.md, "Previews
 * and quotes"): a preview is whatever the last sender sealed, a reaction notice's quote whatever
 * the reactor sealed, and the database may put back an older one; the messages themselves are
 * opened and judged (crypto.ts), so the row shows what they say. Nothing here imports Firebase.
 */
import type { ConversationMessage } from '../message';
import { previewOf, type InboxEntry, type InboxLast } from '../../inbox/shapes';

/** A message of the entry's conversation by id, as stored (parsed, not opened); null: none. */
export type MessageLookup = (messageId: string) => Promise<ConversationMessage | null>;

type Words = Pick<InboxLast, 'text' | 'kind' | 'sealed' | 'alert'>;

/** What a row says of `message` (opened and judged), or null when it could not be read. */
function wordsOf(message: ConversationMessage | null): Words | null {
  if (!message) return null;
  if (message.deleted) return { kind: 'deleted', text: '' };
  const kind = message.image ? 'image' : 'text';
  if (message.sealed === 'no-key' || message.sealed === 'failed') {
    return { kind, text: '', sealed: message.sealed };
  }
  if (message.alert === 'not-encrypted') return { kind: 'text', text: '', alert: 'not-encrypted' };
  return {
    kind,
    text: kind === 'image' ? '' : previewOf(message.text),
    ...(message.sealed ? { sealed: message.sealed } : {}),
  };
}

/**
 * Whether `shown`, a copy of the entry's last message opened earlier, says what `entry` (opened)
 * says. An edit writes the message and the entry in one update, but their listeners deliver and
 * open them in either order: a copy from before the edit says otherwise, and is no measure of it.
 */
export function saysWhatEntrySays(entry: InboxEntry, shown: ConversationMessage): boolean {
  const words = wordsOf(shown);
  return words?.text === entry.lastText && words.kind === entry.lastKind;
}

/** The sealed state and alert of `words`, present only when set. */
const stateOf = ({ sealed, alert }: Words) => ({
  ...(sealed ? { sealed } : {}),
  ...(alert ? { alert } : {}),
});

/**
 * `entry` (its sealed words opened) with the last message's words, the reacted-to message's and
 * the cover's message's in place of what the entry says; one that cannot be read (gone, offline)
 * leaves the entry's own.
 */
export async function checkedEntry(
  entry: InboxEntry,
  opened: (messageId: string) => Promise<ConversationMessage | null>,
): Promise<InboxEntry> {
  const read = (id: string) => opened(id).catch(() => null);
  const [last, reacted, covered] = await Promise.all([
    read(entry.lastMessageId),
    entry.reaction ? read(entry.reaction.messageId) : null,
    entry.cover?.shown ? read(entry.cover.shown.messageId) : null,
  ]);
  let out = entry;
  const lastWords = wordsOf(last);
  if (lastWords) {
    const { sealed: _sealed, alert: _alert, ...rest } = out;
    const { text: lastText, kind: lastKind } = lastWords;
    out = { ...rest, lastText, lastKind, ...stateOf(lastWords) };
  }
  const reactedWords = wordsOf(reacted);
  if (out.reaction && reactedWords) {
    out = { ...out, reaction: { ...out.reaction, text: reactedWords.text } };
  }
  const coverWords = wordsOf(covered);
  if (out.cover?.shown && coverWords) {
    const { sealed: _sealed, alert: _alert, ...rest } = out.cover.shown;
    const shown = { ...rest, text: coverWords.text, kind: coverWords.kind, ...stateOf(coverWords) };
    out = { ...out, cover: { ...out.cover, shown } };
  }
  return out;
}
