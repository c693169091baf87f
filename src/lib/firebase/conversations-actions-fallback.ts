/**
 * An edit or a delete for everyone of the conversation's last message also writes every
 * party's preview (inbox-entry-actions.ts). The rules accept a preview only on an entry that
 * still names that message; when someone's entry already names a newer one (a message sent
 * meanwhile, unseen yet by the actor), they refuse the whole update. The action itself must not
 * be lost for a preview: refused, it is written again without the preview, which stays as it
 * was (it shows the newer message anyway).
 */
import { isRefusal } from './conversations-send-once';

type Changes = Record<string, unknown>;

/** Both updates may still be being sealed (conversations-crypto.ts). */
export async function writeWithPreviewOrAlone(
  write: (changes: Changes) => Promise<void>,
  withPreviewSoon: Changes | Promise<Changes>,
  aloneSoon: Changes | Promise<Changes>,
): Promise<void> {
  const [withPreview, alone] = await Promise.all([withPreviewSoon, aloneSoon]);
  try {
    await write(withPreview);
  } catch (error) {
    const hadPreview = Object.keys(withPreview).length > Object.keys(alone).length;
    if (!hadPreview || !isRefusal(error)) throw error;
    await write(alone);
  }
}
