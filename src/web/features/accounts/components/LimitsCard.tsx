import { useTranslation } from 'react-i18next';
import type { LimitsView } from '../../../../contracts/limits';
import { Card } from '../../../components/form';
import { money } from '../../../lib/format';
import { useLimits } from '../../../lib/limits';

type Limit = LimitsView['limits'][number];

/**
 * "Mes limites" (issue 26, item 2; decision 037): the investor's tier, their deposit and
 * withdrawal limits per request and over 30 days, what is left, and what verifying the identity
 * (the card beside it) raises them to.
 */
export function LimitsCard() {
  const { t } = useTranslation('identity');
  const { data } = useLimits();
  if (!data) return null;
  return (
    <Card className="lg:col-span-2">
      <section aria-labelledby="limits-title" data-testid="limits-card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="limits-title" className="text-lg font-bold text-brand-900">
            {t('limits.title')}
          </h2>
          <p className="text-sm text-slate-700">
            {t('limits.tier')}{' '}
            <span
              className="rounded-full bg-brand-50 px-3 py-1 font-bold text-brand-900 ring-1 ring-brand-200"
              data-testid="limits-tier"
            >
              {t(`limits.tiers.${data.tier}`)}
            </span>
          </p>
        </div>
        {!data.enabled ? (
          <p className="mt-3 text-sm text-slate-700">{t('limits.off')}</p>
        ) : (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {data.limits.map((l) => (
              <Direction key={l.direction} limit={l} raise={data.next === 'identity'} />
            ))}
          </div>
        )}
        {data.enabled && data.next === 'identity' && (
          <p className="mt-4 text-sm font-semibold text-brand-900">
            <a href="#identity" className="underline underline-offset-2">
              {t('limits.raise')}
            </a>
          </p>
        )}
      </section>
    </Card>
  );
}

function Direction({ limit, raise }: { limit: Limit; raise: boolean }) {
  const { t } = useTranslation('identity');
  const amount = (a: string | null) => (a === null ? t('limits.none') : money(a));
  return (
    <div className="rounded-xl border border-slate-200 p-4" data-testid={`limits-${limit.direction}`}>
      <h3 className="font-bold text-slate-900">{t(`limits.direction.${limit.direction}`)}</h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{t('limits.perRequest')}</dt>
        <dd className="text-right font-semibold tabular-nums text-slate-900">{amount(limit.perRequest)}</dd>
        <dt className="text-slate-700">{t('limits.rolling30Days')}</dt>
        <dd className="text-right font-semibold tabular-nums text-slate-900">{amount(limit.rolling30Days)}</dd>
        <dt className="text-slate-700">{t('limits.left')}</dt>
        <dd className="text-right font-bold tabular-nums text-brand-900" data-testid={`limits-${limit.direction}-left`}>
          {amount(limit.left)}
        </dd>
      </dl>
      {raise && (
        <p className="mt-2 text-xs text-slate-600">
          {limit.nextRolling30Days === null
            ? t('limits.raiseToNone')
            : t('limits.raiseTo', { amount: money(limit.nextRolling30Days) })}
        </p>
      )}
    </div>
  );
}
