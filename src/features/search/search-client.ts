import type { SearchApi, SearchBackend } from './worker';
import type { SearchRequest, SearchResponse } from './worker';

const METHODS = [
  'open',
  'upsert',
  'remove',
  'drop',
  'keepOnly',
  'mark',
  'search',
  'findIn',
  'flush',
  'wipe',
] as const satisfies readonly (keyof SearchBackend)[];

/**
 * The searches the panel and Find in conversation ask as keys are typed: only the newest of
 * each waiting in the worker runs; the others reject with SUPERSEDED (search-lanes.ts).
 */
const LANES = new Set<keyof SearchBackend>(['search', 'findIn']);

type Call = (method: keyof SearchBackend, args: unknown[]) => Promise<unknown>;

/** The backend's methods, each sent through `call`. */
function apiOf(call: Call): SearchApi {
  const api = Object.fromEntries(
    METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  );
  return api as unknown as SearchApi;
}

/** Calls the worker's backend by message, one promise per call. */
function workerApi(worker: Worker): SearchApi {
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.onmessage = (event: MessageEvent<SearchResponse>) => {
    const answer = event.data;
    const call = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) call?.reject(new Error(answer.error));
    else call?.resolve(answer.result);
  };
  return apiOf(
    (method, args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        const lane = LANES.has(method) ? method : undefined;
        worker.postMessage({ id, method, args, lane } satisfies SearchRequest);
      }),
  );
}

/** The backend in this thread, for where there is no Worker (the component and flow tests). */
async function inPlaceApi(): Promise<SearchApi> {
  // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
  const { SearchBackend } = await import('./worker/search-backend');
  const backend = new SearchBackend();
  return apiOf((method, args) =>
    Promise.resolve((backend[method].bind(backend) as (...a: unknown[]) => unknown)(...args)),
  );
}

export interface SearchClient {
  api: SearchApi;
  close(): void;
}

/** Starts a search backend: a Web Worker in the browser, in place elsewhere. */
export async function startSearchBackend(): Promise<SearchClient> {
  if (typeof Worker === 'undefined') return { api: await inPlaceApi(), close: () => undefined };
  const worker = new Worker(new URL('./worker/search-worker.ts', import.meta.url), {
    type: 'module',
    name: 'search',
  });
  return { api: workerApi(worker), close: () => worker.terminate() };
}
