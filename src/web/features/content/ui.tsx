import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { numberText } from '../../lib/format';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-gold-500 px-6 py-3 text-base font-bold text-brand-900 shadow-sm transition hover:bg-gold-400';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-white/40 px-6 py-3 text-base font-semibold text-white transition hover:bg-white/10';

/** Illustrations ship with the app (public/img): fixed intrinsic size, so nothing shifts when they load. */
export function Illustration({
  name,
  alt,
  eager = false,
  className = '',
}: {
  name: string;
  alt: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={`/img/${name}.svg`}
      alt={alt}
      width={480}
      height={320}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`h-auto w-full ${className}`}
    />
  );
}

export function Hero({
  eyebrow,
  title,
  tagline,
  image,
  imageAlt,
  children,
}: {
  eyebrow: string;
  title: string;
  tagline: string;
  image: string;
  imageAlt: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-gold-400">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-5 max-w-xl text-lg text-slate-200">{tagline}</p>
          {children}
        </div>
        <div className="overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/15">
          <Illustration name={image} alt={imageAlt} eager />
        </div>
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={`defer-render ${tinted ? 'bg-white' : ''}`}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-2 max-w-2xl text-slate-600">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function ImageCard({ image, alt, title, body }: { image: string; alt: string; title: string; body: string }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Illustration name={image} alt={alt} />
      <div className="p-5">
        <h3 className="text-lg font-semibold text-brand-900">{title}</h3>
        <p className="mt-2 text-sm text-slate-600">{body}</p>
      </div>
    </li>
  );
}

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <svg
            viewBox="0 0 20 20"
            className="mt-0.5 h-5 w-5 flex-none text-emerald-600"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.2 4.2a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 3.5-3.5a1 1 0 1 1 1.4 1.4Z" />
          </svg>
          <span className="text-slate-700">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A warning block: risks (crypto, trading) or considerations (stocks, real estate). */
export function RiskNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside aria-label={title} className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="flex gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
        <svg viewBox="0 0 24 24" className="h-7 w-7 flex-none text-amber-700" fill="currentColor" aria-hidden="true">
          <path d="M10.3 3.9a2 2 0 0 1 3.4 0l8 13.6A2 2 0 0 1 20 20.5H4a2 2 0 0 1-1.7-3L10.3 3.9ZM12 9a1 1 0 0 0-1 1v4a1 1 0 1 0 2 0v-4a1 1 0 0 0-1-1Zm0 8.5a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Z" />
        </svg>
        <div>
          <h2 className="text-lg font-bold">{title}</h2>
          <p className="mt-1 leading-relaxed">{children}</p>
        </div>
      </div>
    </aside>
  );
}

type RateKind = 'tradingMonthly' | 'realEstateQuarterly' | 'appreciationQuarterly' | 'stocksYearly';

/** An advertised rate from the operator's configuration, or nothing while it is unknown. */
export function useRateText(): (kind: RateKind) => string | null {
  const { t } = useTranslation('content');
  const { data } = usePublicConfig();
  return (kind) => {
    if (!data) return null;
    const r = data.advertisedRates;
    if (kind === 'tradingMonthly') return t('rates.tradingMonthly', { rate: numberText(r.tradingMonthlyPct) });
    if (kind === 'stocksYearly')
      return t('rates.stocksYearly', { min: numberText(r.stocksYearlyMinPct), max: numberText(r.stocksYearlyMaxPct) });
    return t(`rates.${kind}`, { rate: numberText(r.realEstateQuarterlyPct) });
  };
}

/** Every rate is shown with the statement that returns are not guaranteed and capital can be lost. */
export function RateNotice({ kind, tone = 'dark' }: { kind: RateKind; tone?: 'dark' | 'light' }) {
  const { t } = useTranslation('content');
  const text = useRateText()(kind);
  const dark = tone === 'dark';
  return (
    <div
      className={`mt-6 max-w-xl rounded-xl p-4 ${dark ? 'bg-white/10 ring-1 ring-white/20' : 'bg-brand-50 ring-1 ring-brand-100'}`}
      data-testid="rate-notice"
    >
      <p className={`text-sm font-semibold ${dark ? 'text-gold-400' : 'text-brand-700'}`}>{t('rates.label')}</p>
      <p className={`min-h-8 text-2xl font-extrabold ${dark ? 'text-white' : 'text-brand-900'}`}>{text ?? '\u00a0'}</p>
      <p className={`mt-1 text-sm ${dark ? 'text-slate-200' : 'text-slate-700'}`}>{t('rates.disclaimer')}</p>
    </div>
  );
}

export function CtaLink({ children, className = primaryButton }: { children: ReactNode; className?: string }) {
  return (
    <Link to="/invest" className={className}>
      {children}
      <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
        <path d="M11.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H3a1 1 0 1 1 0-2h11.6l-3.3-3.3a1 1 0 0 1 0-1.4Z" />
      </svg>
    </Link>
  );
}
