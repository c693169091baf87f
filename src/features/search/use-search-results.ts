import { useEffect, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectMyUid } from '../friends';
import type { SearchFilters, SearchHit } from './worker';
import { selectSearchVersion } from './search-selectors';
import { ignoreSuperseded } from './worker';
import { searchApiOf } from './search-session';

/** Typing faster than this is one search, run after the last key. */
export const SETTLE_MS = 40;

/**
 * The index's answer to `query` with `filters` (empty for an empty query), searched again
 * when the index changes. `ask`: `search` over everything, or `findIn` one conversation.
 */
export function useSearchResults(
  query: string,
  filters: SearchFilters,
  enabled = true,
): { hits: SearchHit[]; query: string } {
  const uid = useAppSelector(selectMyUid);
  const version = useAppSelector(selectSearchVersion);
  const [answer, setAnswer] = useState<{ hits: SearchHit[]; query: string }>({
    hits: [],
    query: '',
  });
  const { conv, from, photos, after, before } = filters;
  useEffect(() => {
    if (!enabled || query.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void searchApiOf(uid)
        .then((api) => api?.search(query, { conv, from, photos, after, before }) ?? [])
        .then((hits) => {
          if (current) setAnswer({ hits, query });
        })
        .catch(ignoreSuperseded);
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [uid, version, query, conv, from, photos, after, before, enabled]);
  return query.trim() === '' || !enabled ? { hits: [], query } : answer;
}
