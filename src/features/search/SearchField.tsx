import { useAppDispatch } from '../../store/hooks';
import { searchPanelOpened } from './search-slice';
import { searchStrings } from './search-strings';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The 'Search messages' field of the messages screen: a click, or the first letter typed,
 * opens the search panel with it (the panel loads then, not with the screen).
 */
export function SearchField() {
  const dispatch = useAppDispatch();
  return (
    <div className="relative">
      <input
        type="search"
        aria-label={searchStrings.field}
        placeholder={searchStrings.field}
        value=""
        onClick={() => dispatch(searchPanelOpened())}
        onChange={(event) => dispatch(searchPanelOpened(event.target.value))}
        className="w-full rounded-xl border border-slate-200 bg-white px-4 py-2 pr-16 text-sm shadow-xs focus:border-brand-500 focus:outline-hidden"
      />
      <kbd className="pointer-events-none absolute pointer-coarse:hidden top-1/2 right-3 -translate-y-1/2 text-xs text-slate-500">
        {searchStrings.shortcutHint(mac)}
      </kbd>
    </div>
  );
}
