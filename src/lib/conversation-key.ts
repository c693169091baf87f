/**
 * Which conversation a piece of per-conversation state belongs to. A relationship id and a group
 * id are separate key spaces: the same string can name a friendship and a group, so
 * state keyed by a bare id would mix them. Every per-conversation key in the app carries its kind.
 */

/** A friendship's conversation (`sendMessage/{conversationId}`), or a group's (`groupMessages/{groupId}`). */
export type ConversationKind = 'direct' | 'group';

/** `d:{conversationId}` or `g:{groupId}`: a conversation's key in client state and local storage. */
export type ConversationKey = `d:${string}` | `g:${string}`;

export const conversationKey = (kind: ConversationKind, id: string): ConversationKey =>
  kind === 'group' ? `g:${id}` : `d:${id}`;

export const directKey = (conversationId: string): ConversationKey => `d:${conversationId}`;
export const groupKey = (groupId: string): ConversationKey => `g:${groupId}`;

/** The kind and the id a key names. */
export function parseConversationKey(key: ConversationKey): {
  kind: ConversationKind;
  id: string;
} {
  return { kind: key.startsWith('g:') ? 'group' : 'direct', id: key.slice(2) };
}

/** `{root}/{uid}/{direct|group}/{id}`: where a person's own per-conversation record lives. */
export function ownConversationPath(root: string, uid: string, key: ConversationKey): string {
  const { kind, id } = parseConversationKey(key);
  return `${root}/${uid}/${kind}/${id}`;
}
