import { useEffect, useState } from 'react';
import type { ConversationKey } from '../../lib/conversation-key';
import { useAppSelector } from '../../store/hooks';
import { selectMyUid } from '../friends';
import type { FoundIn } from './worker';
import { selectSearchVersion } from './search-selectors';
import { ignoreSuperseded } from './worker';
import { searchApiOf } from './search-session';
import { SETTLE_MS } from './use-search-results';

const NONE: FoundIn = { hits: [], total: 0 };

/**
 * Find in conversation's answer to `query` in `conv`: how many messages match, and the newest
 * of them (at most 200, oldest first). Asked again when the index changes.
 */
export function useFindResults(conv: ConversationKey, query: string): FoundIn & { query: string } {
  const uid = useAppSelector(selectMyUid);
  const version = useAppSelector(selectSearchVersion);
  const [answer, setAnswer] = useState({ ...NONE, query: '' });
  useEffect(() => {
    if (query === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void searchApiOf(uid)
        .then((api) => api?.findIn(conv, query) ?? NONE)
        .then((found) => {
          if (current) setAnswer({ ...found, query });
        })
        .catch(ignoreSuperseded);
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [uid, version, conv, query]);
  return query === '' ? { ...NONE, query } : answer;
}
