import type { SearchHit } from './worker';
import { searchStrings } from './search-strings';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A result: who wrote it, when, and the words around the match with the matches marked. */
export function SearchHitRow({ hit, onChoose }: { hit: SearchHit; onChoose: () => void }) {
  const { doc, snippet } = hit;
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        className="w-full rounded-lg px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
      >
        <span className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-semibold text-slate-900">{doc.fromName}</span>
          <time
            className="shrink-0 text-xs text-slate-500"
            dateTime={new Date(doc.at).toISOString()}
          >
            {dateFormat.format(doc.at)}
          </time>
        </span>
        <span className="block text-sm text-slate-700" data-testid="search-snippet">
          {doc.photo ? (
            <span className="mr-1 text-slate-500">[{searchStrings.panel.photo}]</span>
          ) : null}
          {snippet.map((part, i) =>
            part.hit ? (
              <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
                {part.text}
              </mark>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </span>
      </button>
    </li>
  );
}
