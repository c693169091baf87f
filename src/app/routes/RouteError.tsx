import { libStrings } from '../../lib/lib-strings';
import { shellStrings } from '../shell/shell-strings';

/** Last line of defence: a broken screen says so and offers a way out, never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : libStrings.app.errorUnknown;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{shellStrings.app.errorTitle}</h1>
      <p className="max-w-md text-slate-500">{detail}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-500 px-5 py-2.5 font-medium text-white hover:bg-brand-600 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
      >
        {shellStrings.app.errorReload}
      </button>
    </main>
  );
}
