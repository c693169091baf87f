import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SearchDialog } from './SearchDialog';
import { selectSearchPanelOpen } from './search-selectors';
import { searchPanelOpened } from './search-slice';

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
  return open ? <SearchDialog /> : null;
}
