import type { SearchBackend } from './search-backend';

/** A call to the search worker. */
export interface SearchRequest {
  id: number;
  method: keyof SearchBackend;
  args: unknown[];
  /** Calls in one lane supersede each other while waiting (search-lanes.ts). */
  lane?: string;
}

export type SearchResponse = { id: number; result: unknown } | { id: number; error: string };
