import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { strings } from '../../strings';

export function RegisterPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <form aria-label="Registration" className="w-full max-w-sm rounded-2xl bg-white p-8 shadow">
        <h1 className="mb-4 text-2xl font-semibold">Registration is not built yet</h1>
        <Link to={paths.login} className="text-brand-600 underline">
          {strings.auth.loginToContinue}
        </Link>
      </form>
    </main>
  );
}
