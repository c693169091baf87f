import type { ConversationKey } from '../../../lib/conversation-key';

/** One readable message as the index keeps it on this device (plaintext, never uploaded). */
export interface SearchDoc {
  /** `{conversationKey}/{messageId}`: unique across conversations of both kinds. */
  id: string;
  conv: ConversationKey;
  messageId: string;
  /** The sender's uid and the name the message carries. */
  from: string;
  fromName: string;
  /** Server time in ms. */
  at: number;
  /** The words (a photo's caption); '' for a photo without one. */
  text: string;
  photo: boolean;
}

/** What a search keeps: one conversation, one sender, photos only, a time range (inclusive ms). */
export interface SearchFilters {
  conv?: ConversationKey;
  from?: string;
  photos?: boolean;
  after?: number;
  before?: number;
}

/** A part of a snippet, `hit` where it matched the query (drawn as a highlight). */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface SearchHit {
  doc: SearchDoc;
  score: number;
  snippet: SnippetPart[];
}

export const docId = (conv: ConversationKey, messageId: string) => `${conv}/${messageId}`;
