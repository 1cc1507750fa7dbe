import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled field with its hint and its error, wired for screen readers. */
export function Field({
  label,
  error,
  errorRef,
  announce = false,
  hint,
  children,
}: {
  label: string;
  /** The problem with this field, shown under it. */
  error?: string | null;
  /** Or the id of the message elsewhere (the form's alert) that tells this field's problem. */
  errorRef?: string;
  /** The problem appeared without the focus coming here (e.g. on leaving the field): announce it. */
  announce?: boolean;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : (errorRef ?? null)].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error || errorRef), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role={announce ? 'alert' : undefined} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-slate-100';

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${inputClass} ${props.className ?? ''}`} />;
}

type Tone = 'primary' | 'secondary' | 'danger' | 'approve';
const toneClass: Record<Tone, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400',
  // emerald-700, not 600: white text on emerald-600 is 3.6:1, under the 4.5:1 of WCAG AA.
  approve: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-brand-900 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-400',
};

export function Button({
  tone = 'primary',
  className = '',
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm transition disabled:cursor-not-allowed ${toneClass[tone]} ${className}`}
    />
  );
}

/** A message in the flow of a form: errors in red (spec §8), successes in green; announced when it changes. */
export function FormMessage({
  tone,
  id,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
}) {
  const cls = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-brand-100 bg-brand-50 text-brand-900',
  }[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${cls}`}
    >
      {children}
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {children}
    </section>
  );
}

/** A labelled figure: a balance, a total. */
export function Stat({
  label,
  value,
  tone = 'default',
  hint,
}: {
  label: string;
  value: string;
  tone?: 'default' | 'muted' | 'positive' | 'negative';
  hint?: ReactNode;
}) {
  const color = {
    default: 'text-brand-900',
    muted: 'text-slate-600',
    positive: 'text-emerald-700',
    negative: 'text-red-700',
  }[tone];
  return (
    <div role="group" aria-label={label}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${color}`}>{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
