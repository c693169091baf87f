/**
 * The bytes of files this page already has, by path: my own sends (my bubble plays and saves
 * them without reading them back) and small downloads (a voice message plays again at once).
 * Large downloads are read each time, so memory stays bounded.
 */
const MINE_KEPT = 50;
const CACHE_BYTES = 16 * 1024 * 1024;
const CACHED_SIZE_MAX = 2 * 1024 * 1024;

export function makeFileBytes() {
  const mine = new Map<string, Blob>();
  const cache = new Map<string, { blob: Promise<Blob>; size: number }>();
  let cachedBytes = 0;
  const forget = (path: string) => {
    const known = cache.get(path);
    if (!known) return;
    cache.delete(path);
    cachedBytes -= known.size;
  };
  return {
    keepMine(path: string, blob: Blob): void {
      mine.set(path, blob);
      if (mine.size > MINE_KEPT) mine.delete(mine.keys().next().value as string);
    },
    dropMine: (path: string): void => void mine.delete(path),
    /** The bytes at `path` if this page has them: mine, or a download kept. */
    known(path: string): Promise<Blob> | undefined {
      const own = mine.get(path);
      return own ? Promise.resolve(own) : cache.get(path)?.blob;
    },
    /** Keeps a small download (oldest out past the budget); a failed one is forgotten. */
    remember(path: string, blob: Promise<Blob>, size: number): void {
      if (size > CACHED_SIZE_MAX) return;
      cache.set(path, { blob, size });
      cachedBytes += size;
      blob.catch(() => forget(path));
      for (const oldest of cache.keys()) {
        if (cachedBytes <= CACHE_BYTES || cache.size <= 1) break;
        forget(oldest);
      }
    },
  };
}
