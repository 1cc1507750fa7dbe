import { useTranslation } from 'react-i18next';
import { areas, catalogue, simulatorRateBps, type Area } from '../../../core/areas';

const accent: Record<Area, string> = {
  crypto: 'bg-amber-400',
  trading: 'bg-red-500',
  stocks: 'bg-blue-600',
  real_estate: 'bg-emerald-600',
};

/** The four areas as a radio group: arrow keys move between them, as for any radio buttons. */
export function AreaPicker({ value, onChange }: { value: Area; onChange: (area: Area) => void }) {
  const { t } = useTranslation('investing');
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-brand-900">{t('chooseArea')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {areas.map((area) => {
          const checked = area === value;
          return (
            <label
              key={area}
              className={`relative flex cursor-pointer flex-col rounded-xl border-2 bg-white p-4 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-gold-400 ${checked ? 'border-brand-600 shadow-md' : 'border-slate-200 hover:border-slate-300'}`}
            >
              <input
                type="radio"
                name="area"
                value={area}
                checked={checked}
                onChange={() => onChange(area)}
                className="sr-only"
              />
              <span className="flex items-center gap-2">
                <span className={`h-3 w-3 rounded-full ${accent[area]}`} aria-hidden="true" />
                <span className="text-base font-semibold text-brand-900">{t(`areas.${area}.title`)}</span>
                <span className="ml-auto text-xs font-medium text-slate-500">
                  {t('simRate', { rate: simulatorRateBps[area] / 100 })}
                </span>
              </span>
              <span className="mt-1 text-sm text-slate-600">{t(`areas.${area}.description`)}</span>
              <span className="mt-3 flex flex-wrap gap-1.5">
                {catalogue[area].map((item) => (
                  <span key={item} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t(`catalogue.${item}`)}
                  </span>
                ))}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
