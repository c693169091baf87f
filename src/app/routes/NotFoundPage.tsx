import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { shellStrings } from '../shell/shell-strings';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-7xl font-bold text-brand-500">404</p>
      <h1 className="text-2xl font-semibold">{shellStrings.app.notFoundTitle}</h1>
      <p className="text-slate-500">{shellStrings.app.notFoundBody}</p>
      <Link
        to={paths.register}
        className="rounded-lg bg-brand-500 px-5 py-2.5 font-medium text-white hover:bg-brand-600 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100"
      >
        {shellStrings.app.notFoundBack}
      </Link>
    </main>
  );
}
