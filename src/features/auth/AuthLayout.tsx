import type { ReactNode } from 'react';
import { strings } from '../../strings';

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
          <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
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
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-500 to-brand-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
      <Logo tone="light" />
      <div className="relative z-10 max-w-md">
        <h2 className="text-4xl font-bold leading-tight">{strings.auth.heroTitle}</h2>
        <p className="mt-4 text-lg text-white/80">{strings.auth.heroBody}</p>
        <ul className="mt-8 space-y-3">
          {strings.auth.heroPoints.map((point) => (
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
      </div>
      <ChatBubbles />
    </aside>
  );
}

/** Decoration only: a hint of a conversation in the corner of the brand panel. */
function ChatBubbles() {
  return (
    <div className="pointer-events-none flex flex-col gap-3 self-end" aria-hidden="true">
      <div className="w-52 rounded-2xl rounded-br-sm bg-white/95 px-4 py-3 text-sm text-slate-700 shadow-lg">
        <div className="h-2 w-36 rounded bg-slate-200" />
        <div className="mt-2 h-2 w-24 rounded bg-slate-200" />
      </div>
      <div className="ml-16 w-44 rounded-2xl rounded-br-sm bg-white/20 px-4 py-3 backdrop-blur">
        <div className="h-2 w-28 rounded bg-white/60" />
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
      <span className={`text-xl font-bold ${text}`}>{strings.app.name}</span>
    </div>
  );
}
