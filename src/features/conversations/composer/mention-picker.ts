/**
 * Mentions in a group's composer: the '@name' being typed, the members it
 * matches, and the uids a text still names when it is sent. Pure, so the composer stays thin.
 */

/** Someone a message may mention: the group's admin or a current member other than me. */
export interface Mentionable {
  uid: string;
  name: string;
}

/** Longest query the picker follows; past it the '@' is ordinary text. */
const MAX_QUERY = 40;

/**
 * The '@…' typed just before the caret, or null: the '@' starts the text or follows a space
 * or line break (an e-mail address is not a mention), and the query has no line break.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (/[\r\n@]/.test(query) || query.length > MAX_QUERY) return null;
  return { start, query };
}

/** The people whose name, or one of its words, starts with the query (any case), by name. */
export function matchMentionables(people: readonly Mentionable[], query: string): Mentionable[] {
  const q = query.toLocaleLowerCase();
  return people
    .filter((person) => {
      const name = person.name.toLocaleLowerCase();
      return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The text with the query at `start` replaced by '@Name ', and where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${person.name} `;
  // A space already after the caret is not doubled.
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/**
 * The uids to send as `mentions`: people picked whose '@Name' is still in the text and who
 * may still be mentioned (the current people; someone who left meanwhile is plain text).
 */
export function mentionsInText(
  text: string,
  picked: readonly Mentionable[],
  people: readonly Mentionable[],
): string[] {
  const current = new Set(people.map((p) => p.uid));
  const out = new Set<string>();
  for (const person of picked) {
    if (current.has(person.uid) && text.includes(`@${person.name}`)) out.add(person.uid);
  }
  return [...out];
}

/** The id of option `index` of list `listId`, for the field's aria-activedescendant. */
export const mentionOptionId = (listId: string, index: number) => `${listId}-${String(index)}`;
