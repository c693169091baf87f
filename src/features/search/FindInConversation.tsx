import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectChatKey } from '../conversations';
import { FindFieldWhileLoading } from './FindFieldWhileLoading';

const FindBar = lazy(() => import('./FindBar').then((m) => ({ default: m.FindBar })));

/**
 * 'Find in conversation': Ctrl+F (⌘F) while focus is inside `within` (the open conversation)
 * opens a bar searching only it; elsewhere the browser's own find stays.
 */
export function FindInConversation({ within }: { within: RefObject<HTMLElement | null> }) {
  const conv = useAppSelector(selectChatKey);
  const [open, setOpen] = useState(false);
  // The query lives here, so what is typed while the bar's code is still loading is kept.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && within.current?.contains(event.target);
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && inside && conv) {
        event.preventDefault();
        setOpen(true);
        setQuery('');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [within, conv]);
  if (!open || !conv) return null;
  return (
    <Suspense fallback={<FindFieldWhileLoading query={query} onChange={setQuery} />}>
      <FindBar
        key={conv}
        conv={conv}
        query={query}
        onQuery={setQuery}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}
