import { expect } from 'vitest';
import { searchApiOf } from '../../src/features/search/search-session';
import {
  directSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { adminUpdate } from '../support/backend';
import { eventually, type Person } from './app-clients';

/** A 1:1 send's parties, `from` writing to `to`. */
export const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** `from` edits their message `id` to `to` to say `text`, as the app does (isLast). */
export async function editAs(
  from: Person,
  to: Person,
  conversationId: string,
  id: string,
  text: string,
) {
  const original = (await from.conversations.direct.fetchOne(
    conversationId,
    id,
  )) as ConversationMessage;
  await from.conversations.direct.edit(parties(conversationId, from, to), original, text, true);
}

/** `from` deletes their message `id` to `to` for everyone (isLast). */
export async function deleteAs(from: Person, to: Person, conversationId: string, id: string) {
  const message = (await from.conversations.direct.fetchOne(
    conversationId,
    id,
  )) as ConversationMessage;
  await from.conversations.direct.remove(parties(conversationId, from, to), message, true);
}

/** What `person`'s device index answers to `query` (message texts). */
async function found(person: Person, query: string): Promise<string[]> {
  const api = await searchApiOf(person.uid);
  return (await api?.search(query, {}))?.map((hit) => hit.doc.text) ?? [];
}

/** Waits (the index fills in the background) until `person`'s index answers `texts`. */
export async function expectFound(person: Person, query: string, texts: string[], ms = 10_000) {
  let last: string[] = [];
  await eventually(() => {
    void found(person, query).then((now) => (last = now));
    expect(last.sort()).toEqual([...texts].sort());
  }, ms);
}

/**
 * `count` messages from `from` to `to`, one a second up to a moment ago (within the edit and
 * delete windows), written at once with admin rights; `text(i)` is the i-th one's. Their ids.
 */
export async function seedHistory(
  conversationId: string,
  from: Person,
  to: Person,
  count: number,
  text: (i: number) => string,
): Promise<string[]> {
  const start = Date.now() - count * 1000;
  const ids = Array.from({ length: count }, (_, i) => `-NsearchOld${String(i).padStart(4, '0')}`);
  await adminUpdate(
    Object.assign(
      {},
      ...ids.map((id, i) =>
        directSendWrite(parties(conversationId, from, to), id, text(i), {
          now: start + i * 1000,
          plusOne: 1,
        } as unknown as ServerValues),
      ),
    ) as Record<string, unknown>,
  );
  return ids;
}
