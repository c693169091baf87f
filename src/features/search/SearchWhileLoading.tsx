import { Modal } from '../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSearchDraft } from './search-selectors';
import { searchPanelClosed, searchPanelOpened } from './search-slice';
import { searchStrings } from './search-strings';

/**
 * The search dialog's field, drawn at once on Ctrl+K while the panel's code loads: the keys
 * typed right after the shortcut land here (kept as the draft the panel starts from), not in
 * whatever had focus.
 */
export function SearchWhileLoading() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectSearchDraft);
  return (
    <Modal title={searchStrings.panel.title} onClose={() => dispatch(searchPanelClosed())} wide>
      <input
        type="search"
        aria-label={searchStrings.field}
        value={draft}
        onChange={(event) => dispatch(searchPanelOpened(event.target.value))}
        className="w-full rounded-xl border border-slate-200 px-4 py-2.5 text-base focus:border-brand-500 focus:outline-hidden"
        autoComplete="off"
      />
    </Modal>
  );
}
