import { useTranslation } from 'react-i18next';
import { LEVELS, type Level } from '../../../../core/levels';
import { Card } from '../../../components/form';
import { money } from '../../../lib/format';

const badge: Record<Level, string> = {
  beginner: 'bg-slate-100 text-slate-800 ring-slate-300',
  intermediate: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  pro: 'bg-brand-50 text-brand-700 ring-brand-500/40',
  advanced: 'bg-violet-50 text-violet-800 ring-violet-300',
  master: 'bg-amber-50 text-amber-800 ring-gold-500',
};

/** The level badge and the ranges of spec §9 (levels count every investment, stopped ones too). */
export function LevelCard({ level, totalInvested }: { level: Level; totalInvested: string }) {
  const { t } = useTranslation('accounts');
  const dollars = (n: number) => money(n * 100).replace(/\.00$/, '');
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold text-brand-900">{t('profile.level')}</h2>
      <p className="mb-4 flex items-center gap-3">
        <span className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${badge[level]}`} data-testid="profile-level">
          {t(`levels.${level}`)}
        </span>
        <span className="text-sm text-slate-600">{t('profile.totalLine', { amount: money(totalInvested) })}</span>
      </p>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('profile.levels')}</h3>
      <ol className="flex flex-col gap-1.5">
        {LEVELS.map((range) => {
          const current = range.level === level;
          return (
            <li
              key={range.level}
              aria-current={current ? 'true' : undefined}
              className={`flex justify-between rounded-lg px-3 py-2 text-sm ${current ? 'bg-brand-900 font-bold text-white' : 'bg-slate-50 text-slate-800'}`}
            >
              <span>
                {t(`levels.${range.level}`)}
                {current && <span className="sr-only"> ({t('profile.yourLevel')})</span>}
              </span>
              <span className="tabular-nums">
                {range.display.to === null
                  ? t('profile.rangeOpen', { from: dollars(range.display.from) })
                  : t('profile.range', { from: dollars(range.display.from), to: dollars(range.display.to) })}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
