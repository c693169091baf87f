import type { ReactNode } from 'react';
import { componentsStrings } from '../../components/components-strings';
import { authStrings } from './auth-strings';

interface Props {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The line under the form, e.g. the link to the other account screen. */
  footer?: ReactNode;
}

/** The shared two-column frame of the registration and login screens. */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-2">
      <BrandPanel />
      <main className="flex items-center justify-center bg-slate-50 px-6 py-12 sm:px-12">
        <div className="w-full max-w-md">
          <Logo className="mb-8 lg:hidden" tone="brand" />
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-500">{subtitle}</p>
          <div className="mt-8 rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200 sm:p-8">
            {children}
          </div>
          {footer ? <p className="mt-6 text-center text-sm text-slate-600">{footer}</p> : null}
        </div>
      </main>
    </div>
  );
}

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-linear-to-br/srgb from-brand-500 to-brand-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
      <Logo tone="light" />
      <div className="relative z-10 max-w-md">
        <h2 className="text-4xl font-bold leading-tight">{authStrings.auth.heroTitle}</h2>
        <p className="mt-4 text-lg text-white/80">{authStrings.auth.heroBody}</p>
        <ul className="mt-8 space-y-3">
          {authStrings.auth.heroPoints.map((point) => (
            <li key={point} className="flex items-center gap-3 text-white/90">
              <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white/20">
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                  <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
                </svg>
              </span>
              {point}
            </li>
          ))}
        </ul>
        <ProductPreview />
      </div>
      <p className="text-sm text-white/60">© {componentsStrings.app.name}</p>
    </aside>
  );
}

/** Decoration only: a glimpse of a conversation under the pitch. */
function ProductPreview() {
  return (
    <div className="mt-12 max-w-sm space-y-3" aria-hidden="true">
      <div className="flex items-end gap-2">
        <span className="h-8 w-8 shrink-0 rounded-full bg-white/30" />
        <div className="rounded-2xl rounded-bl-xs bg-white/15 px-4 py-3">
          <div className="h-2 w-40 rounded-sm bg-white/70" />
          <div className="mt-2 h-2 w-24 rounded-sm bg-white/50" />
        </div>
      </div>
      <div className="flex justify-end">
        <div className="rounded-2xl rounded-br-xs bg-white px-4 py-3 shadow-lg">
          <div className="h-2 w-32 rounded-sm bg-brand-500/40" />
        </div>
      </div>
      <div className="flex items-end gap-2">
        <span className="h-8 w-8 shrink-0 rounded-full bg-white/30" />
        <div className="flex gap-1.5 rounded-2xl rounded-bl-xs bg-white/15 px-4 py-3.5">
          <span className="h-2 w-2 rounded-full bg-white/80" />
          <span className="h-2 w-2 rounded-full bg-white/60" />
          <span className="h-2 w-2 rounded-full bg-white/40" />
        </div>
      </div>
    </div>
  );
}

function Logo({ className = '', tone }: { className?: string; tone: 'light' | 'brand' }) {
  const mark = tone === 'light' ? 'bg-white text-brand-500' : 'bg-brand-500 text-white';
  const text = tone === 'light' ? 'text-white' : 'text-slate-900';
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <span className={`flex h-10 w-10 items-center justify-center rounded-xl ${mark}`}>
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
        </svg>
      </span>
      <span className={`text-xl font-bold ${text}`}>{componentsStrings.app.name}</span>
    </div>
  );
}
