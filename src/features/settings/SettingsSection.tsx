import { useId, type ReactNode } from 'react';

/** One section of the settings page: a titled card that saves on its own. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-100"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
