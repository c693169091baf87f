import { searchStrings } from './search-strings';

/**
 * The Find field drawn at once on Ctrl+F while the bar's code loads, so the keys typed right
 * after the shortcut land in it rather than in the message field.
 */
export function FindFieldWhileLoading({
  query,
  onChange,
}: {
  query: string;
  onChange: (query: string) => void;
}) {
  return (
    <div
      role="search"
      aria-label={searchStrings.find.label}
      className="flex min-h-[3.25rem] items-center gap-2 rounded-xl bg-white px-3 py-2 shadow-xs ring-1 ring-slate-100"
    >
      <input
        type="search"
        autoFocus
        aria-label={searchStrings.find.field}
        value={query}
        onChange={(event) => onChange(event.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-slate-200 px-2 py-1 text-sm focus:border-brand-500 focus:outline-hidden"
      />
    </div>
  );
}
