/**
 * One mirror write on one instance, as the mirror process makes it (mirror.ts): a conversation's
 * placement is set by compare-and-set (its ETag) after the rest, and only over nothing or a copy
 * live there (`mayMirrorOver`), so a write that read the directory before a move and lands after
 * it never sets the source's copy back to `live` (docs/scaling.md, "Rebalancing"). The Cloud
 * Function does the same with a transaction (functions/src/index.ts).
 */
import { mayMirrorOver, placementIn, type MirrorWrite } from '../../functions/src/mirror';
import { dbRest, type AdminTarget } from './admin';

const owner = { Authorization: 'Bearer owner' };

const urlOf = (target: AdminTarget, path: string) =>
  `http://${target.dbHost}/${path}.json?ns=${encodeURIComponent(target.dbNamespace)}`;

/** The value at `path` with its ETag. */
async function readWithEtag(target: AdminTarget, path: string) {
  const res = await fetch(urlOf(target, path), {
    headers: { ...owner, 'X-Firebase-ETag': 'true' },
  });
  if (!res.ok) throw new Error(`GET /${path} failed (${String(res.status)}): ${await res.text()}`);
  const etag = res.headers.get('ETag');
  if (!etag) throw new Error(`GET /${path} answered without an ETag`);
  return { etag, value: (await res.json()) as unknown };
}

/** Sets `path` to `value` if its ETag is still `etag`; false when it changed meanwhile. */
async function putIfMatch(target: AdminTarget, path: string, value: unknown, etag: string) {
  const res = await fetch(urlOf(target, path), {
    method: 'PUT',
    headers: { ...owner, 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify(value),
  });
  if (res.status === 412) return false;
  if (!res.ok) throw new Error(`PUT /${path} failed (${String(res.status)}): ${await res.text()}`);
  return true;
}

/**
 * Writes `write` to `target`: 'written'; 'kept' when the instance's placement is a move's
 * (`moving`, `moved`) and nothing was written; 'raced' when the placement changed between its
 * read and its write (the directory is to be read again).
 */
export async function writeMirror(
  target: AdminTarget,
  { instance, changes }: MirrorWrite,
): Promise<'written' | 'kept' | 'raced'> {
  const path = placementIn(changes);
  if (path === null) {
    await dbRest(target, 'PATCH', '/', changes);
    return 'written';
  }
  const { etag, value } = await readWithEtag(target, path);
  if (!mayMirrorOver(value, instance)) return 'kept';
  const { [path]: placement, ...rest } = changes;
  // The placement last: a client waiting for it (mirrorLanded) then finds what its rules read.
  if (Object.keys(rest).length > 0) await dbRest(target, 'PATCH', '/', rest);
  return (await putIfMatch(target, path, placement, etag)) ? 'written' : 'raced';
}
