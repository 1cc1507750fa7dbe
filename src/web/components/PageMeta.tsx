import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Title, description and Open Graph tags of the current route, in the current language. */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const full = `${title} · Atlas Invest`;
    const desc = description ?? t('meta.defaultDescription');
    document.title = full;
    setMeta('name', 'description', desc);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', desc);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', 'Atlas Invest');
    setMeta('property', 'og:locale', { fr: 'fr_FR', en: 'en_US', es: 'es_ES' }[i18n.language] ?? 'fr_FR');
  }, [title, description, t, i18n.language]);
  return null;
}
