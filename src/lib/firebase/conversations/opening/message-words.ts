/**
 * A conversation's sealed fields opened (docs/security/e2ee.md): one field's words and the times
 * sealed with them, a message's words once per seal and everything it binds, and a deleted
 * message's tombstone as its sender's proof. Each is remembered by everything it was opened from,
 * so a delivery that repeats a message costs no second decryption.
 */
import type { ConversationKey } from '../../../conversation-key';
import type { EpochKeys } from '../../../crypto/epochs/epoch-keys';
import { readTimedText, type SealedField, type SealVersion } from '../../../crypto/message-seal';
import type { SealState } from '../../../crypto/seal-state';
import {
  isSealed,
  NotOpened,
  openValue,
  sealVersionOf,
  type FieldPlace,
} from '../../../crypto/sealed-value';
import { parseDescriptor } from '../files/file-message';
import { bindingMeta } from '../integrity/binding-meta';
import type { ConversationMessage } from '../message';

/** A sealed field opened: its words (and the times sealed with them, v2), or why not. */
export interface Opening {
  state: SealState;
  text: string;
  version?: SealVersion;
  times?: number[];
}

/** The fields of an opened message that come from its words (kept as one object per seal). */
export interface OpenedWords {
  fields: Pick<
    ConversationMessage,
    'text' | 'sealed' | 'sealedText' | 'sealVersion' | 'image' | 'file'
  >;
  times?: number[];
}

const TIMED: ReadonlySet<SealedField> = new Set(['text', 'edit', 'tombstone']);

/** `value` kept in `cache` as `id` (the oldest dropped past 20,000); a failure is not kept. */
export const remember = <T>(cache: Map<string, Promise<T>>, id: string, value: Promise<T>) => {
  cache.set(id, value);
  if (cache.size > 20_000) cache.delete(cache.keys().next().value as string);
  // A network failure is not remembered: the next delivery tries again.
  value.catch(() => cache.delete(id));
  return value;
};

/** The openers of sealed fields under `keys` (none without keys: every field says 'no-key'). */
export function makeWordOpener(keys: EpochKeys | null) {
  const words = new Map<string, Promise<OpenedWords>>();
  const proofs = new Map<string, Promise<boolean>>();

  const keyOf = (conversation: ConversationKey, sender: string) => (epoch: string) =>
    keys ? keys.readingKey(conversation, sender, epoch) : Promise.resolve(null);

  /** One sealed field opened, or its state when it does not open. */
  async function openText(
    conversation: ConversationKey,
    value: string,
    at: Omit<FieldPlace, 'conversation'>,
    field: SealedField,
    meta = '',
  ): Promise<Opening> {
    if (!keys) return { state: 'no-key', text: '' };
    try {
      const place = { conversation, messageId: at.messageId, sender: at.sender };
      const text = await openValue(value, keyOf(conversation, at.sender), place, field, meta);
      const version = sealVersionOf(value);
      if (version === 1 || !TIMED.has(field)) return { state: 'open', text, version };
      const timed = readTimedText(text);
      return timed
        ? { state: 'open', text: timed.text, version, times: timed.times }
        : { state: 'failed', text: '' };
    } catch (error) {
      if (error instanceof NotOpened) return { state: error.reason, text: '' };
      throw error;
    }
  }

  /** A message's words opened, once per seal and everything it binds. */
  function openWords(
    conversation: ConversationKey,
    message: ConversationMessage,
  ): Promise<OpenedWords> {
    const field = message.editedAt === undefined ? 'text' : 'edit';
    const meta = bindingMeta(message);
    const sender = message.senderId;
    // Line breaks part it: only the sender (any string) may hold one, so no two differ alike.
    const id = `${conversation}\n${message.id}\n${sender}\n${field}\n${meta}\n${message.text}`;
    const known = words.get(id);
    if (known) return known;
    const value = openText(
      conversation,
      message.text,
      { messageId: message.id, sender },
      field,
      meta,
    ).then(({ state, text, version, times }): OpenedWords => {
      // Not given to this device yet: not remembered, an approval or a recovery key may bring it.
      if (state === 'no-key') words.delete(id);
      const fields: OpenedWords['fields'] = { text, sealed: state, sealedText: message.text };
      if (state === 'open' && version === 1) fields.sealVersion = 1;
      if (message.image) {
        fields.image = { ...message.image, caption: message.image.caption ? text : '' };
      }
      return times ? { fields, times } : { fields };
    });
    if (message.file) {
      // The descriptor opens beside the words; a file whose descriptor does not open shows as one.
      const file = message.file;
      const withFile = Promise.all([
        value,
        openText(conversation, file.stored, { messageId: message.id, sender }, 'file'),
      ]).then(([opened, descriptor]): OpenedWords => {
        const parsed = descriptor.state === 'open' ? parseDescriptor(descriptor.text) : null;
        const state = opened.fields.sealed === 'open' && !parsed ? 'failed' : opened.fields.sealed;
        return {
          ...opened,
          fields: { ...opened.fields, sealed: state, file: { ...file, descriptor: parsed } },
        };
      });
      return remember(words, id, withFile);
    }
    return remember(words, id, value);
  }

  /** Whether a deleted message's tombstone opens under its sender's key: their proof. */
  function tombstoneHolds(
    conversation: ConversationKey,
    message: ConversationMessage,
  ): Promise<boolean> {
    const { tombstone } = message;
    if (!keys || !isSealed(tombstone)) return Promise.resolve(false);
    const sender = message.senderId;
    const id = JSON.stringify([conversation, message.id, sender, tombstone]);
    const known = proofs.get(id);
    if (known) return known;
    const value = openText(
      conversation,
      tombstone,
      { messageId: message.id, sender },
      'tombstone',
    ).then(({ state, version }) => state === 'open' && version === 2);
    return remember(proofs, id, value);
  }

  return { keyOf, openText, openWords, tombstoneHolds };
}
