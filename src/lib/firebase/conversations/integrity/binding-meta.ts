/**
 * What a message shows beyond its words, as one string its seal binds (v2 associated data,
 * src/lib/crypto/message-seal.ts): its kind and a photo's id and size, the message it replies to,
 * the forward mark and the mentions. The sender's record on its way out and the reader's parsed
 * message give the same string through the same parsers, so whatever the database changes in
 * them fails the seal. Nothing here imports Firebase.
 */
import { parseActionFields, type MessageActionFields } from '../action-fields';
import { parseMessageImageInfo, type MessageImageInfo } from '../image-message';
import { parseMessageFileInfo, type MessageFileInfo } from '../files/file-message';

type Shown = Pick<MessageActionFields, 'replyTo' | 'forwarded' | 'mentions'> & {
  image?: Pick<MessageImageInfo, 'id' | 'width' | 'height'>;
  file?: Pick<MessageFileInfo, 'id' | 'kind'>;
};

/** The canonical form: JSON of a fixed tuple, the mentions sorted (the parsers sort them). */
export function bindingMeta({ image, file, replyTo, forwarded, mentions }: Shown): string {
  return JSON.stringify([
    image ? ['image', image.id, image.width, image.height] : file ? [file.kind, file.id] : ['text'],
    replyTo ?? '',
    forwarded === true,
    mentions ?? [],
  ]);
}

/** The meta of a message record as it is written (a send's `{root}/{id}` value). */
export function bindingMetaOfRecord(record: Record<string, unknown>): string {
  const image = parseMessageImageInfo(record);
  const file = parseMessageFileInfo(record);
  return bindingMeta({
    ...parseActionFields(record),
    ...(image ? { image } : {}),
    ...(file ? { file } : {}),
  });
}
