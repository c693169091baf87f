import { lazy, Suspense, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSearchPanelOpen } from './search-selectors';
import { searchPanelOpened } from './search-slice';
import { SearchWhileLoading } from './SearchWhileLoading';

// The panel (and with it the matching code) loads with the first search, not with home.
const SearchPanel = lazy(() => import('./SearchPanel').then((m) => ({ default: m.SearchPanel })));

/** Ctrl+K (⌘K on a Mac) anywhere signed in opens search; so does the 'Search messages' field. */
export function SearchLauncher() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchPanelOpen);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        dispatch(searchPanelOpened());
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch]);
  return open ? (
    <Suspense fallback={<SearchWhileLoading />}>
      <SearchPanel />
    </Suspense>
  ) : null;
}
