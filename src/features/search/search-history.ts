import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import { parseConversationKey, type ConversationKey } from '../../lib/conversation-key';
import type { ConversationMessage } from '../../lib/firebase/conversations/shapes';
import type { Gateways } from '../../store/gateways';
import type { AppDispatch, RootState } from '../../store/store';
import { estimatedCount, firstAt } from './search-estimate';
import { selectInboxEntry } from '../inbox';
import type { CrawlMark, CrawlMarks, SearchApi } from './worker';
import { indexMessages } from './search-feed';
import { selectReadableConversations, selectReadableKnown } from './search-selectors';
import { searchIndexChanged, searchProgressed } from './search-slice';

type Api = ListenerEffectAPI<RootState, AppDispatch, Gateways>;

/** Messages per history read, and the pause between reads (the app stays the user's). */
export const HISTORY_PAGE_SIZE = 200;
export const HISTORY_PAUSE_MS = 150;

/** Before every message: the first read of the newest page. */
const NEWEST = { id: '~', createdAt: Number.MAX_SAFE_INTEGER };

const fresh = (): CrawlMark => ({ oldest: null, newest: 0, done: false });

/**
 * Indexes the history of every conversation I can read, newest conversations first, one page
 * at a time through the conversation gateway (the same reads the chat pages with), pausing
 * between pages and while the user paused it; then catches up whatever the inbox says is newer
 * than what is indexed, and the edits and deletions for everyone made since it last looked
 * (`changesSince`): in every conversation once per start (a sign-in, a reload), then in each
 * conversation whose inbox entry changes (a new message, or its last one edited or deleted).
 * Runs until cancelled (sign-out), waking on inbox and membership changes.
 */
export async function indexHistory(api: Api, search: SearchApi, marks: CrawlMarks) {
  // The inbox entry each conversation had when its changes were last read.
  const looked = new Map<ConversationKey, unknown>();
  for (;;) {
    if (!selectReadableKnown(api.getState()))
      await api.condition((_action, state) => selectReadableKnown(state));
    const state = api.getState();
    const readable = selectReadableConversations(state);
    const size = await search.keepOnly(readable);
    api.dispatch(searchIndexChanged({ size }));
    for (const conv of Object.keys(marks) as ConversationKey[])
      if (!readable.includes(conv)) Reflect.deleteProperty(marks, conv);
    const lastAt = (conv: ConversationKey) => selectInboxEntry(state, conv)?.lastAt ?? 0;
    const order = [...readable].sort((a, b) => lastAt(b) - lastAt(a));
    for (const conv of order) {
      const mark = (marks[conv] ??= fresh());
      // Newer messages than indexed: read down to them (all of it while nothing was there).
      if (lastAt(conv) > mark.newest) {
        if (mark.oldest === null) mark.done = false;
        else await catchUp(api, search, conv, mark, marks);
      }
      while (!mark.done) await olderPage(api, search, conv, mark, marks);
      const entry = selectInboxEntry(state, conv);
      if (!looked.has(conv) || looked.get(conv) !== entry) {
        looked.set(conv, entry);
        await changesSince(api, search, conv, mark, marks);
      }
    }
    api.dispatch(searchProgressed(null));
    const entries = order.map((conv) => selectInboxEntry(state, conv));
    const changed = (now: RootState) =>
      selectReadableConversations(now) !== readable ||
      order.some((conv, i) => selectInboxEntry(now, conv) !== entries[i]);
    // A change that came during the pass (an edit's marker while a page was read) woke nobody.
    if (!changed(api.getState())) await api.condition((_action, now) => changed(now));
  }
}

/** Waits out a pause, then the gap between two reads. */
async function turn(api: Api) {
  await api.delay(HISTORY_PAUSE_MS);
  // A pause pressed during the gap holds the next read too.
  if (api.getState().search.paused) await api.condition((_action, state) => !state.search.paused);
}

async function read(
  api: Api,
  conv: ConversationKey,
  before: Pick<ConversationMessage, 'id' | 'createdAt'>,
  pageSize = HISTORY_PAGE_SIZE,
) {
  const { kind, id } = parseConversationKey(conv);
  return api.extra.conversations[kind].fetchOlder({ id, before, pageSize });
}

async function record(
  api: Api,
  search: SearchApi,
  conv: ConversationKey,
  page: ConversationMessage[],
  marks: CrawlMarks,
) {
  const size = await indexMessages(search, conv, page);
  api.dispatch(searchIndexChanged({ size }));
  const mark = marks[conv] ?? fresh();
  await search.mark(conv, mark);
  api.dispatch(searchProgressed(progressOf(api.getState(), marks, size)));
}

/**
 * Indexed of about how many: every readable conversation's count, exact where its history is
 * read, estimated where not (search-estimate.ts); null once all are read.
 */
function progressOf(state: RootState, marks: CrawlMarks, size: number) {
  const readable = selectReadableConversations(state);
  if (readable.every((conv) => marks[conv]?.done)) return null;
  const read = readable.reduce((sum, conv) => sum + (marks[conv]?.count ?? 0), 0);
  const estimated = readable.reduce(
    (sum, conv) => sum + estimatedCount(marks[conv], HISTORY_PAGE_SIZE),
    0,
  );
  // Messages indexed otherwise (live, or deleted since) move the total by as many.
  return { indexed: size, total: Math.max(size, estimated + size - read) };
}

/** Probes when the conversation's first message was sent, below `upper` (a message's time). */
async function probeFirstAt(api: Api, conv: ConversationKey, upper: number) {
  try {
    return await firstAt(upper, async (at) => {
      const older = await read(api, conv, { id: '', createdAt: at }, 1);
      return older.length > 0;
    });
  } catch {
    return undefined;
  }
}

/** The next page above the oldest indexed one; a short page is the conversation's start. */
async function olderPage(
  api: Api,
  search: SearchApi,
  conv: ConversationKey,
  mark: CrawlMark,
  marks: CrawlMarks,
) {
  await turn(api);
  let page: ConversationMessage[];
  try {
    page = await read(api, conv, mark.oldest ?? NEWEST);
  } catch {
    // Not readable any more (a group just left): the membership change drops it.
    mark.done = true;
    return;
  }
  const first = page.at(0);
  const last = page.at(-1);
  // Read after its newest message was sent: edits and deletions come after that time.
  if (mark.oldest === null) mark.changed ??= last?.createdAt ?? 0;
  if (first) mark.oldest = { id: first.id, createdAt: first.createdAt };
  if (last && last.createdAt > mark.newest) mark.newest = last.createdAt;
  mark.count = (mark.count ?? 0) + page.length;
  if (page.length < HISTORY_PAGE_SIZE) mark.done = true;
  else if (first && mark.firstAt === undefined)
    mark.firstAt = await probeFirstAt(api, conv, first.createdAt);
  await record(api, search, conv, page, marks);
}

/** Pages down from the newest message until reaching what is indexed. */
async function catchUp(
  api: Api,
  search: SearchApi,
  conv: ConversationKey,
  mark: CrawlMark,
  marks: CrawlMarks,
) {
  let before: Pick<ConversationMessage, 'id' | 'createdAt'> = NEWEST;
  const newest = mark.newest;
  for (;;) {
    await turn(api);
    let page: ConversationMessage[];
    try {
      page = await read(api, conv, before);
    } catch {
      return;
    }
    const last = page.at(-1);
    if (last && last.createdAt > mark.newest) mark.newest = last.createdAt;
    mark.count = (mark.count ?? 0) + page.filter((m) => m.createdAt > newest).length;
    await record(api, search, conv, page, marks);
    const first = page.at(0);
    if (!first || first.createdAt <= newest || page.length < HISTORY_PAGE_SIZE) return;
    before = first;
  }
}

/**
 * Reads the messages of `conv` edited or deleted for everyone since the mark's `changed` (by
 * the rules' index on `editedAt` and `deletedAt`) into the index, and moves the mark on: an
 * older message changed while its conversation was not open reaches the index here.
 */
async function changesSince(
  api: Api,
  search: SearchApi,
  conv: ConversationKey,
  mark: CrawlMark,
  marks: CrawlMarks,
) {
  const { kind, id } = parseConversationKey(conv);
  let changed: { messages: ConversationMessage[]; until: number };
  try {
    changed = await api.extra.conversations[kind].fetchChangedSince(id, mark.changed ?? 0);
  } catch {
    // Not readable any more: the membership change drops it.
    return;
  }
  if (changed.messages.length > 0) {
    const size = await indexMessages(search, conv, changed.messages);
    api.dispatch(searchIndexChanged({ size }));
  }
  if (changed.until === mark.changed) return;
  mark.changed = changed.until;
  await search.mark(conv, marks[conv] ?? mark);
}
