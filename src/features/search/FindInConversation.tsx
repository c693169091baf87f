import { lazyComponent } from '../../components/lazy-component';
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectConversationKey } from '../conversations';
import { searchStrings } from './search-strings';

const FindBar = lazyComponent(() => import('./FindBar'), 'FindBar');

const strings = searchStrings.find;

/**
 * 'Find in conversation': Ctrl+F (⌘F) while focus is inside `within` (the open conversation)
 * opens a bar searching only it; elsewhere the browser's own find stays. The bar's field is
 * drawn at once and kept while its matching code loads, so no key typed meanwhile is lost.
 */
export function FindInConversation({ within }: { within: RefObject<HTMLElement | null> }) {
  const conv = useAppSelector(selectConversationKey);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  /** Next (+1) and Previous (-1), set by the bar once its code has loaded. */
  const stepRef = useRef<((by: number) => void) | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && within.current?.contains(event.target);
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && inside && conv) {
        event.preventDefault();
        setOpen(true);
        setQuery('');
        // Already open: the field takes focus again (a new bar's field has autoFocus).
        field.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [within, conv]);
  if (!open || !conv) return null;
  const close = () => setOpen(false);
  return (
    <div
      role="search"
      aria-label={strings.label}
      className="flex min-h-[3.25rem] items-center gap-2 rounded-xl bg-white px-3 py-2 shadow-xs ring-1 ring-slate-100"
    >
      <input
        ref={field}
        type="search"
        autoFocus
        aria-label={strings.field}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            stepRef.current?.(event.shiftKey ? 1 : -1);
          } else if (event.key === 'Escape') close();
        }}
        className="min-w-0 flex-1 rounded-lg border border-slate-200 px-2 py-1 text-sm focus:border-brand-500 focus:outline-hidden"
      />
      <Suspense fallback={null}>
        <FindBar key={conv} conv={conv} query={query} stepRef={stepRef} onClose={close} />
      </Suspense>
    </div>
  );
}
