import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConversationKey } from '../../lib/conversation-key';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { searchResultChosen } from './search-actions';
import type { SearchFilters, SearchHit } from './worker';
import { SearchHitRow } from './SearchHitRow';
import { conversationPath } from './search-navigation';
import { SearchProgressLine } from './SearchProgressLine';
import { selectSearchStatus } from './search-selectors';
import { searchPanelClosed } from './search-slice';
import { searchStrings } from './search-strings';
import { characterCount, normalizeTerm } from './worker';
import { useConversationNames, type NamedConversation } from './use-conversation-names';
import { useSearchResults } from './use-search-results';

const strings = searchStrings.panel;
const DAY_MS = 86_400_000;

/** Results by conversation, the conversations in the order of their best result. */
function grouped(hits: SearchHit[]): [ConversationKey, SearchHit[]][] {
  const groups = new Map<ConversationKey, SearchHit[]>();
  for (const hit of hits) {
    const list = groups.get(hit.doc.conv);
    if (list) list.push(hit);
    else groups.set(hit.doc.conv, [hit]);
  }
  return [...groups];
}

const dayStart = (value: string) => (value ? Date.parse(`${value}T00:00:00`) : undefined);

/**
 * Search everywhere (Ctrl+K, the 'Search messages' field), below the dialog's field: the
 * query's filters, the history indexing's progress, and the results grouped by conversation.
 * A one-letter query looks at conversation names only. Choosing a result opens its
 * conversation at that message.
 */
export function SearchPanel({ query }: { query: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectSearchStatus);
  const { conversations, people } = useConversationNames();
  const [conv, setConv] = useState('');
  const [from, setFrom] = useState('');
  const [photos, setPhotos] = useState(false);
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const ids = { conv: useId(), from: useId(), after: useId(), before: useId() };
  const trimmed = query.trim();
  const namesOnly = characterCount(trimmed) === 1;
  const filters: SearchFilters = {
    conv: (conv || undefined) as ConversationKey | undefined,
    from: from || undefined,
    photos: photos || undefined,
    after: dayStart(after),
    before: before ? (dayStart(before) ?? 0) + DAY_MS - 1 : undefined,
  };
  const answer = useSearchResults(trimmed, filters, !namesOnly);
  const close = () => dispatch(searchPanelClosed());
  const nameOf = (key: ConversationKey) => conversations.find((c) => c.key === key)?.name ?? '';
  const open = (key: ConversationKey, messageId?: string) => {
    close();
    if (messageId) dispatch(searchResultChosen({ conv: key, messageId }));
    void navigate(conversationPath(key));
  };
  const initial = normalizeTerm(trimmed);
  const named: NamedConversation[] = namesOnly
    ? conversations.filter((c) => normalizeTerm(c.name).startsWith(initial))
    : [];
  const field =
    'rounded-lg border border-slate-200 px-2 py-1 text-sm focus:border-brand-500 focus:outline-hidden';
  return (
    <>
      <fieldset className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <legend className="sr-only">{strings.filters}</legend>
        {/* Each label stays beside its control when the row wraps. */}
        <span className="flex items-center gap-2">
          <label htmlFor={ids.conv}>{strings.inConversation}</label>
          <select
            id={ids.conv}
            className={field}
            value={conv}
            onChange={(e) => setConv(e.target.value)}
          >
            <option value="">{strings.anyConversation}</option>
            {conversations.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
        </span>
        <span className="flex items-center gap-2">
          <label htmlFor={ids.from}>{strings.fromPerson}</label>
          <select
            id={ids.from}
            className={field}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          >
            <option value="">{strings.anyone}</option>
            {people.map((p) => (
              <option key={p.uid} value={p.uid}>
                {p.name}
              </option>
            ))}
          </select>
        </span>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={photos} onChange={(e) => setPhotos(e.target.checked)} />
          {strings.withPhotos}
        </label>
        <span className="flex items-center gap-2">
          <label htmlFor={ids.after}>{strings.after}</label>
          <input
            id={ids.after}
            type="date"
            className={field}
            value={after}
            onChange={(e) => setAfter(e.target.value)}
          />
        </span>
        <span className="flex items-center gap-2">
          <label htmlFor={ids.before}>{strings.before}</label>
          <input
            id={ids.before}
            type="date"
            className={field}
            value={before}
            onChange={(e) => setBefore(e.target.value)}
          />
        </span>
      </fieldset>
      <div className="mt-2">
        <SearchProgressLine />
        {status === 'opening' ? <p className="text-xs text-slate-500">{strings.opening}</p> : null}
        {status === 'error' ? <p className="text-xs text-red-700">{strings.failed}</p> : null}
      </div>
      <div className="mt-3 max-h-[60vh] overflow-y-auto" aria-live="polite">
        {trimmed === '' ? <p className="text-sm text-slate-500">{strings.hint}</p> : null}
        {namesOnly ? (
          named.length === 0 ? (
            <p className="text-sm text-slate-500">{strings.emptyNames(trimmed)}</p>
          ) : (
            <ul aria-label={strings.conversations}>
              {named.map((c) => (
                <li key={c.key}>
                  <button
                    type="button"
                    className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-slate-50"
                    onClick={() => open(c.key)}
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {!namesOnly && trimmed !== '' && answer.query === trimmed && answer.hits.length === 0 ? (
          <p className="text-sm text-slate-500">{strings.empty(trimmed)}</p>
        ) : null}
        {!namesOnly && answer.hits.length > 0 ? (
          <div aria-label={strings.results} role="region">
            {grouped(answer.hits).map(([key, hits]) => (
              <section key={key} aria-label={nameOf(key)} className="mb-3">
                <h3 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {nameOf(key)}
                </h3>
                <ul>
                  {hits.map((hit) => (
                    <SearchHitRow
                      key={hit.doc.id}
                      hit={hit}
                      onChoose={() => open(key, hit.doc.messageId)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : null}
      </div>
    </>
  );
}
