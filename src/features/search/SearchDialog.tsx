import { lazyComponent } from '../../components/lazy-component';
import { Suspense } from 'react';
import { Modal } from '../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSearchQuery } from './search-selectors';
import { searchPanelClosed, searchQueryChanged } from './search-slice';
import { searchStrings } from './search-strings';

// The filters and results (and with them the matching code) load with the first search.
const SearchPanel = lazyComponent(() => import('./SearchPanel'), 'SearchPanel');

/**
 * The search dialog, drawn at once on Ctrl+K: its field is the one the user types into from
 * the first key, while the rest of the panel loads below it. A field swapped for another once
 * the code arrived lost the key typed between the two (focus sat on no field until the new
 * one's effect ran): 'quary lane' arrived as 'quarylane'.
 */
export function SearchDialog() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectSearchQuery);
  return (
    <Modal title={searchStrings.panel.title} onClose={() => dispatch(searchPanelClosed())} wide>
      <input
        type="search"
        aria-label={searchStrings.field}
        value={query}
        onChange={(event) => dispatch(searchQueryChanged(event.target.value))}
        className="w-full rounded-xl border border-slate-200 px-4 py-2.5 text-base focus:border-brand-500 focus:outline-hidden"
        autoComplete="off"
      />
      <Suspense fallback={null}>
        <SearchPanel query={query} />
      </Suspense>
    </Modal>
  );
}
