import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isLanguage, languages } from '../../lib/i18n';
import { useMe } from '../../lib/session';

export function LanguageSelector({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const choose = (lng: string) => {
    void i18n.changeLanguage(lng);
    // Signed in: the profile keeps the choice, so e-mails come in this language too.
    if (me && isLanguage(lng))
      void api('/api/me/locale', { method: 'PATCH', body: { locale: lng } }).catch(() => undefined);
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => choose(e.target.value)}
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
