import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a screen that failed to render shows: what happened in the person's language, with a way out.
 * A screen whose code or texts did not arrive (`onRetry`, decision 048) says so, and its button
 * loads the screen again instead of the page.
 */
export function RouteError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const texts = onRetry ? 'loadFailed' : 'errorPage';
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center" data-testid={onRetry && 'load-failed'}>
      <h1 className="text-2xl font-bold text-brand-900">{t(`${texts}.title`)}</h1>
      <p className="mt-3 text-slate-600">{t(`${texts}.body`)}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={onRetry ?? (() => window.location.reload())}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          {onRetry ? t('loadFailed.retry') : t('errorPage.reload')}
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

/** An error that can be tried again: a screen whose code or texts did not arrive (app/routes.tsx). */
const retryable = (error: unknown): error is { retry: () => void } =>
  typeof (error as { retry?: unknown } | undefined)?.retry === 'function';

/**
 * Catches a render error (or a screen chunk that failed to download) and shows RouteError;
 * a change of `resetKey` (the path) tries again, so the rest of the app keeps working.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean; error?: unknown; key?: string }
> {
  override state: { failed: boolean; error?: unknown; key?: string } = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; key?: string }) {
    return props.resetKey === state.key ? null : { failed: false, error: undefined, key: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <RouteError
        onRetry={
          retryable(error)
            ? () => {
                error.retry();
                this.setState({ failed: false, error: undefined });
              }
            : undefined
        }
      />
    );
  }
}
