import { useTranslation } from 'react-i18next';
import { languages } from '../../lib/i18n';

export function LanguageSelector({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="rounded-md border border-white/30 bg-brand-900 px-2 py-1.5 text-sm font-semibold text-white focus:border-gold-500"
      >
        {languages.map((lng) => (
          <option key={lng} value={lng}>
            {lng.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
