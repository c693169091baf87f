/**
 * One inbox over several instances (docs/scaling.md, "Bounded connections"): the entries live
 * on the home, and each other instance's entries of the conversations placed there. No SDK here.
 */
import type { ConversationKey } from '../../conversation-key';
import type { InboxEntry } from './entry';

type Entries = Partial<Record<ConversationKey, InboxEntry>>;

/**
 * The list the app shows: the home's entries, and from every other instance the entries of
 * the conversations its placement names there. An entry is taken only from its conversation's
 * instance (where the rules proved its count): one left on another instance (a stray copy, a
 * conversation since moved) is ignored, and so is a home entry of a conversation placed away.
 */
export function mergeInstances(
  home: number,
  homeEntries: Entries,
  others: ReadonlyMap<number, Entries>,
  placementOf: (key: ConversationKey) => number | undefined,
): Record<ConversationKey, InboxEntry> {
  const merged: Record<ConversationKey, InboxEntry> = {};
  const placedHere = (key: ConversationKey, instance: number) => {
    const placed = placementOf(key);
    // Not read yet: the home shows what it has (a conversation placed there, or older data).
    return placed === undefined ? instance === home : placed === instance;
  };
  for (const [key, entry] of Object.entries(homeEntries) as [ConversationKey, InboxEntry][]) {
    if (placedHere(key, home)) merged[key] = entry;
  }
  for (const [instance, entries] of others) {
    if (instance === home) continue;
    for (const [key, entry] of Object.entries(entries) as [ConversationKey, InboxEntry][]) {
      if (placedHere(key, instance)) merged[key] = entry;
    }
  }
  return merged;
}
