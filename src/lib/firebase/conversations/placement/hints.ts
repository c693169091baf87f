/**
 * The 1:1 sender's hint (docs/scaling.md, "The hint protocol"): once a message to a friend is
 * stored on the conversation's instance, `hints/{friend}/{key} = { at: now }` on the friend's
 * home says "conversation key has news", when the friend does not already listen there (their
 * home is not the conversation's instance). The friend's client then reads its entry there.
 */
import { serverTimestamp } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import type { Placements } from '.';

/** The path of `uid`'s hint for `key` (or `directory`) on their home. */
const hintPath = (uid: string, key: ConversationKey | 'directory') => `hints/${uid}/${key}`;

/**
 * Writes the hint for conversation `key` on `friendUid`'s home, through the slot. Resolves
 * at once with one instance, or when the friend's home is the conversation's instance. Rejects
 * when refused (a hint a second for the same key): the caller ignores that, the friend's look
 * reads the newer entry anyway.
 */
async function announceNews(
  placements: Placements,
  key: ConversationKey,
  friendUid: string,
): Promise<void> {
  if (!(await placements.isSharded())) return;
  const [home, instance] = await Promise.all([
    placements.homeOf(friendUid),
    placements.instanceOf(key),
  ]);
  if (home === instance) return;
  // Over REST when the three connections are taken: a hint never opens a fourth.
  await placements.throughSlot(home, (at) =>
    at.write(hintPath(friendUid, key), { at: serverTimestamp() }),
  );
}

/**
 * `sent` as is; once the server acknowledged it, the hint for `friendUid` (a 1:1 send; a
 * group's hints come from the relay). A refused or failed hint is ignored.
 */
export function hintOnceStored<T extends { acked: Promise<unknown> }>(
  sent: T,
  placements: Placements,
  key: ConversationKey,
  friendUid: string | undefined,
): T {
  if (friendUid) {
    void sent.acked.then(
      () => announceNews(placements, key, friendUid).catch(() => undefined),
      () => undefined,
    );
  }
  return sent;
}

/** The one second the rules leave between two hints of one key, and a margin. */
const HINT_GAP_MS = 1_100;

/**
 * `announceNews`, once more a second later if refused: for news a look reads only once (a key
 * wait), not live like an entry, so a hint refused as too soon after another must still come.
 * Failures are ignored: the next sign-in or reconnect reads it anyway.
 */
export function announceSoon(placements: Placements, key: ConversationKey, uid: string): void {
  void announceNews(placements, key, uid)
    .catch(() =>
      new Promise((resolve) => setTimeout(resolve, HINT_GAP_MS)).then(() =>
        announceNews(placements, key, uid),
      ),
    )
    .catch(() => undefined);
}

/**
 * `hints/{uid}/directory` on `uid`'s home, through the slot, after a relationship step that
 * concerns them (a request, an accept, a block or unblock, a group invitation or membership
 * step): their client lists its conversations again, so one placed on another instance, or one
 * they left, shows or goes without a reload. Written on the directory too when it is their
 * home: the inbox's list of conversations elsewhere is read, not live. Nothing with one
 * instance; failures are ignored (their next sign-in or reconnect lists them anyway).
 */
export function announceDirectoryNews(placements: Placements, uid: string): void {
  void (async () => {
    if (!(await placements.isSharded())) return;
    const home = await placements.homeOf(uid);
    await placements.throughSlot(home, (at) =>
      at.write(hintPath(uid, 'directory'), { at: serverTimestamp() }),
    );
  })().catch(() => undefined);
}
