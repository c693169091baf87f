/**
 * A read cached for the session by key (a conversation's placement, a person's home: written
 * once, changed only by an admin's move), asked again after a failure (signed out, refused).
 */
export function readOnce<K>(
  cache: Map<K, Promise<number>>,
  key: K,
  read: () => Promise<number>,
): Promise<number> {
  const cached = cache.get(key);
  if (cached) return cached;
  const reading = read().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, reading);
  return reading;
}
