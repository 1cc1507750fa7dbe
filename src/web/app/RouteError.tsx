import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a screen that failed to render shows: what happened in the person's language, with a way out. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{t('errorPage.title')}</h1>
      <p className="mt-3 text-slate-600">{t('errorPage.body')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          {t('errorPage.reload')}
        </button>
        <Link
          to="/"
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-brand-900 hover:bg-slate-100"
        >
          {t('errorPage.home')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Catches a render error (or a screen chunk that failed to download) and shows RouteError;
 * a change of `resetKey` (the path) tries again, so the rest of the app keeps working.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean; key?: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; key?: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
