/**
 * The search engine's side (it runs in a Web Worker, or in the page when workers are missing):
 * the index, its sealed store on the device, lanes, typos, snippets and the worker protocol.
 */
export type { CrawlMark, CrawlMarks, SearchApi, SearchBackend } from './search-backend';
export { docId } from './search-doc';
export type { SearchDoc, SearchFilters, SearchHit } from './search-doc';
export type { FoundIn } from './search-engine';
export { ignoreSuperseded } from './search-lanes';
export type { SearchRequest, SearchResponse } from './search-protocol';
export { characterCount, normalizeTerm } from './search-text';
