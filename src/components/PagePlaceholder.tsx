interface Props {
  title: string;
  note?: string;
}

/** A screen that is not built yet says so plainly instead of pretending to work. */
export function PagePlaceholder({ title, note }: Props) {
  return (
    <section className="flex h-full flex-col items-center justify-center rounded-2xl bg-white p-10 shadow-xs">
      <h1 className="text-2xl font-semibold text-slate-800">{title}</h1>
      {note ? <p className="mt-2 max-w-md text-center text-slate-500">{note}</p> : null}
    </section>
  );
}
