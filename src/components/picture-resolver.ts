import { createContext, useContext, useEffect, useState, type RefObject } from 'react';
import { parsePictureReference } from '../lib/firebase/profiles/shapes';
import { databaseLoaded } from '../lib/firebase/database-loaded';

/** Where avatars get picture bytes from: the pictures gateway, or a fake in tests. */
export interface PictureLoader {
  getPicture(uid: string): Promise<string | null>;
}

export interface PictureResolver {
  /** The picture of a settled reference: its data URL, null when it has none, else undefined. */
  peek(reference: string): string | null | undefined;
  /** Loads a reference once; concurrent and later calls share the first load. */
  resolve(reference: string): Promise<string | null>;
  /** Records a picture this client already holds (its own upload), so nobody fetches it. */
  prime(reference: string, dataUrl: string): void;
}

/**
 * An in-memory cache of pictures by reference. A reference names one version of a picture, so
 * entries never go stale; the oldest are dropped beyond `maxEntries`. A failed load is not
 * cached: the next avatar that needs the picture tries again.
 */
export function makePictureResolver(
  loadLoader: () => Promise<PictureLoader>,
  maxEntries = 300,
): PictureResolver {
  const settled = new Map<string, string | null>();
  const pending = new Map<string, Promise<string | null>>();

  function remember(reference: string, value: string | null) {
    settled.delete(reference);
    settled.set(reference, value);
    while (settled.size > maxEntries) {
      const oldest = settled.keys().next();
      if (oldest.done) break;
      settled.delete(oldest.value);
    }
  }

  return {
    peek: (reference) => settled.get(reference),
    prime: (reference, dataUrl) => remember(reference, dataUrl),
    resolve(reference) {
      if (settled.has(reference)) return Promise.resolve(settled.get(reference) ?? null);
      const running = pending.get(reference);
      if (running) return running;
      const parsed = parsePictureReference(reference);
      if (!parsed) return Promise.resolve(null);
      const load = loadLoader()
        .then((loader) => loader.getPicture(parsed.uid))
        .then(
          (value) => {
            remember(reference, value);
            return value;
          },
          () => null,
        )
        .finally(() => pending.delete(reference));
      pending.set(reference, load);
      return load;
    },
  };
}

/**
 * The app's resolver: its database gateway loads with the first picture, and not before the
 * app's own database load (after the first signed-in paint), so a first screen never waits
 * for the SDK.
 */
const appPictureResolver = makePictureResolver(() =>
  // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
  databaseLoaded.then(() => import('../lib/firebase/profiles/pictures')).then((m) => m.picturesApi),
);

export const PictureResolverContext = createContext<PictureResolver>(appPictureResolver);

export function usePictureResolver(): PictureResolver {
  return useContext(PictureResolverContext);
}

/**
 * What an `<img>` should show for a `photo` field: a plain URL as it is; for a `picture:`
 * reference its data URL once loaded (undefined while loading, null when there is none).
 * A reference loads only once `target` comes near the viewport, so long lists fetch only the
 * pictures someone can see.
 */
export function usePhotoSrc(
  photo: string | undefined,
  target: RefObject<Element | null>,
): string | null | undefined {
  const resolver = usePictureResolver();
  const isReference = parsePictureReference(photo) !== null;
  const [loaded, setLoaded] = useState<{ reference: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!photo || !isReference || resolver.peek(photo) !== undefined) return;
    let active = true;
    const load = () =>
      void resolver.resolve(photo).then((src) => {
        if (active) setLoaded({ reference: photo, src });
      });
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        active = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [photo, isReference, resolver, target]);

  if (!photo || !isReference) return photo;
  const cached = resolver.peek(photo);
  if (cached !== undefined) return cached;
  return loaded?.reference === photo ? loaded.src : undefined;
}
