import { nodeHash } from '../data/hash';
import type { DataNode } from '../data/node';
import { HttpError } from './http-util';
import type { RestRequest } from './request';

/** What the real database answers for an empty location; `if-match: null_etag` means "absent". */
const NULL_ETAG = 'null_etag';

/**
 * The location's ETag: the SDK's transaction hash (base64 SHA-1, like the real ETags), which
 * changes whenever the value or a priority under the location changes.
 */
export function etagOf(node: DataNode): string {
  const hash = nodeHash(node);
  return hash === '' ? NULL_ETAG : hash;
}

/** True when the request asked for the ETag (`X-Firebase-ETag: true`). */
export function wantsEtag(r: RestRequest): boolean {
  return String(r.req.headers['x-firebase-etag']).toLowerCase() === 'true';
}

/** The `if-match` header, or null; refused on methods that the REST API does not condition. */
export function ifMatchOf(r: RestRequest): string | null {
  const raw = r.req.headers['if-match'];
  if (raw === undefined) return null;
  if (r.method !== 'PUT' && r.method !== 'DELETE') {
    throw new HttpError(400, 'if-match is only supported on PUT and DELETE requests');
  }
  // Tolerate the quoted form HTTP libraries tend to send.
  return raw.trim().replace(/^"(.*)"$/, '$1');
}
