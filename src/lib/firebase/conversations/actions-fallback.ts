/**
 * An edit or a delete for everyone writes, beside the message, every party's change marker
 * (`changed`, so their devices' search indexes catch up at once) and, for the conversation's
 * last message, every party's preview (inbox-entry-actions.ts). The rules accept a preview only
 * on an entry that still names that message, and a marker only on an entry that exists: when
 * someone's entry names a newer message (sent meanwhile, unseen yet by the actor) or a member has
 * no entry yet (joined since the last message), they refuse the whole update. The action itself
 * must not be lost for them: refused, it is written again with the markers but no preview, then
 * alone (the previews stay as they were; a device left unmarked catches up at its next message).
 */
import { isRefusal } from './send-once';

type Changes = Record<string, unknown>;

/** Both updates may still be being sealed (crypto.ts); markers are never sealed. */
export async function writeWithPreviewOrAlone(
  write: (changes: Changes) => Promise<void>,
  withPreviewSoon: Changes | Promise<Changes>,
  aloneSoon: Changes | Promise<Changes>,
  markers: Changes = {},
): Promise<void> {
  const [withPreview, alone] = await Promise.all([withPreviewSoon, aloneSoon]);
  const size = (changes: Changes) => Object.keys(changes).length;
  const attempts = [{ ...withPreview, ...markers }, { ...alone, ...markers }, alone].filter(
    (changes, i, all) => i === 0 || size(changes) < size(all[i - 1] ?? {}),
  );
  for (const [i, changes] of attempts.entries()) {
    try {
      await write(changes);
      return;
    } catch (error) {
      if (i === attempts.length - 1 || !isRefusal(error)) throw error;
    }
  }
}
