/**
 * Long conversations for the paging tests, written as the database holds them (admin writes):
 * message `i` reads 'Message i from <sender>', the two people take turns (`a` sends the even
 * ones), and push ids sort as the messages were sent even where times are equal, so the
 * conversation's order (time, then key) is message 0 to the last.
 */
import { demoPushId } from '../../scripts/demo/data';
import { messageRecord } from '../../scripts/seed-records';
import { MESSAGE_PAGE_SIZE } from '../../src/features/conversations/timeline/conversations-slice';

interface Named {
  uid: string;
  username: string;
}

/** When message `i` of `count` was sent (ms after the conversation's start). */
export type TimeLayout = (i: number, count: number) => number;

/** One message a second. */
export const oneASecond: TimeLayout = (i) => i * 1000;

/**
 * The pages the app reads are counted from the newest message: the live window, then older
 * pages of MESSAGE_PAGE_SIZE. Around every boundary between two of them, `run` messages on
 * each side share one time, and so do the `oldest` first messages.
 */
export function equalAtPageBoundaries(run = 3, oldest = 60): TimeLayout {
  return (i, count) => {
    if (i < oldest) return 0;
    const fromNewest = count - i;
    const boundary = Math.round(fromNewest / MESSAGE_PAGE_SIZE) * MESSAGE_PAGE_SIZE;
    const near = fromNewest - boundary;
    // Messages count - boundary - run .. count - boundary + run - 1 share one time.
    if (boundary > 0 && near <= run && near > -run) return (count - boundary) * 1000;
    return i * 1000;
  };
}

/** A push id for `time` whose counter part sorts as `n` does (demoPushId's runs backwards). */
function sortedPushId(time: number, n: number): string {
  const id = demoPushId(time, n);
  let counter = '';
  for (const char of id.slice(8)) counter = char + counter;
  return id.slice(0, 8) + counter;
}

export const messageText = (i: number, sender: Named) =>
  `Message ${String(i)} from ${sender.username}`;

/**
 * The database paths of a `count`-message conversation at `root/{conversationId}` between `a`
 * and `b`, the newest sent a minute ago.
 */
export function longChatPaths(
  conversation: string,
  [a, b]: readonly [Named, Named],
  count: number,
  timeOf: TimeLayout,
  root = 'sendMessage',
): Record<string, unknown> {
  const start = Date.now() - 60_000 - timeOf(count - 1, count);
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 ? [b, a] : [a, b];
    const at = start + timeOf(i, count);
    paths[`${root}/${conversation}/${sortedPushId(at, i)}`] = messageRecord(
      from,
      to,
      messageText(i, from),
      at,
    );
  }
  return paths;
}

/** Writes `paths` in updates of a thousand (one update of 10,000 messages is ~2 MB). */
export async function writeInThousands(
  update: (values: Record<string, unknown>) => Promise<void>,
  paths: Record<string, unknown>,
): Promise<void> {
  const entries = Object.entries(paths);
  for (let i = 0; i < entries.length; i += 1000) {
    await update(Object.fromEntries(entries.slice(i, i + 1000)));
  }
}
