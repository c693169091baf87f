/// <reference lib="webworker" />
/**
 * The search worker: the index lives here, so indexing and searching never hold up typing or
 * scrolling. Each request `{ id, method, args }` is answered `{ id, result }` or `{ id, error }`.
 */
import { SearchBackend } from './search-backend';
import type { SearchRequest, SearchResponse } from './search-protocol';

const backend = new SearchBackend();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const { id, method, args } = event.data;
  let answer: SearchResponse;
  try {
    const call = backend[method].bind(backend) as (...a: unknown[]) => unknown;
    answer = { id, result: await call(...args) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
