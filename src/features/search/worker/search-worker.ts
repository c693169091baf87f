/// <reference lib="webworker" />
/**
 * The search worker: the index lives here, so indexing and searching never hold up typing or
 * scrolling. Each request `{ id, method, args }` is answered `{ id, result }` or `{ id, error }`;
 * a search superseded by a newer one before it ran is answered with SUPERSEDED (search-lanes.ts).
 */
import { SearchBackend } from './search-backend';
import { Lanes, SUPERSEDED } from './search-lanes';
import type { SearchRequest, SearchResponse } from './search-protocol';

const backend = new SearchBackend();
const scope = self as unknown as DedicatedWorkerGlobalScope;

async function answer({ id, method, args }: SearchRequest) {
  let response: SearchResponse;
  try {
    const call = backend[method].bind(backend) as (...a: unknown[]) => unknown;
    response = { id, result: await call(...args) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
}

const lanes = new Lanes<SearchRequest>(
  (request) => void answer(request),
  ({ id }) => scope.postMessage({ id, error: SUPERSEDED } satisfies SearchResponse),
);

scope.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  if (request.lane) lanes.submit(request.lane, request);
  else void answer(request);
};
