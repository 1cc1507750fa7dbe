import type { ReactNode } from 'react';

/** A review card's facts: label and value, two columns. */
export function CardFacts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="min-w-0 break-words text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The red note on a card whose image another request (or person) sent too: a title and its list. */
export function SameImageNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      role="note"
      aria-label={title}
      data-testid="same-image"
    >
      <p className="font-bold">{title}</p>
      <ul className="mt-1 flex flex-col gap-1">{children}</ul>
    </div>
  );
}
