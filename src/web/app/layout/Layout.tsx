import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { RetryNotice } from '../../components/RetryNotice';
import { useLiveUpdates } from '../../lib/live';
import { useMe } from '../../lib/session';
import { RouteErrorBoundary } from '../RouteError';
import { isOperatorPath } from './AssistantLauncher';
import { Navbar } from './Navbar';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{t('status.loading')}</span>
    </div>
  );
}

function Footer({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-slate-600 sm:px-6">
        <p className="font-semibold text-brand-900">Atlas Invest</p>
        <p className="mt-2 max-w-3xl">{t('footer.risk')}</p>
        {/* A former investor reads one page only (decision 039): no link that would lead back to it. */}
        {!closed && (
          <p className="mt-2">
            <Link to="/preuve-de-passif" className="font-semibold text-brand-700 hover:underline">
              {t('footer.liabilities')}
            </Link>
          </p>
        )}
        <p className="mt-2">© {new Date().getFullYear()} Atlas Invest</p>
      </div>
    </footer>
  );
}

/** Shown on every screen while an operator has frozen the account: what is blocked, where to write. */
function FrozenBanner({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="border-b border-sky-200 bg-sky-50" data-testid="frozen-banner">
      <div className="mx-auto max-w-7xl px-4 py-3 text-sm text-sky-950 sm:px-6">
        <p className="font-semibold">{t('frozen.title')}</p>
        <p className="mt-1">{t('frozen.body')}</p>
        <p className="mt-1">
          {t('frozen.support')}{' '}
          <a className="break-words font-semibold underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        </p>
      </div>
    </div>
  );
}

export function Layout() {
  const { data: me } = useMe();
  const { pathname, hash } = useLocation();
  useLiveUpdates(Boolean(me));
  // A new screen starts at its top (an in-page #anchor keeps the browser's own scrolling); the
  // first one is left to the browser, which also restores the position on reload.
  const shown = useRef(pathname);
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash) return;
    window.scrollTo(0, 0);
    // The focus was on a link of the menu, or on a button the new screen took away: it goes to the
    // new screen's start (as the skip link does), so that the next Tab is in the page and a screen
    // reader reads on from there. A screen that put the focus somewhere itself keeps it.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('header')) main.current?.focus({ preventScroll: true });
  }, [pathname, hash]);
  // The account was closing when this tab last saw it: the move that closes it was made here.
  const closing = me?.closure ? me.closure.state !== 'closed' : false;
  const wasClosing = useRef(closing);
  useEffect(() => {
    wasClosing.current = closing;
  }, [closing]);
  const closed = me?.closure?.state === 'closed';
  // A former investor signs in to one read-only page only (decision 039). When the last move was
  // made in this tab, that page says which screen it was made on, so it can say it went through.
  if (closed && pathname !== '/account-closed')
    return <Navigate to="/account-closed" replace state={wasClosing.current ? { closedFrom: pathname } : undefined} />;
  return (
    // The gutter that the floating assistant's button sits in (decision 048), where it is shown.
    <div className="flex min-h-screen flex-col" data-assistant-dock={isOperatorPath(pathname) ? undefined : ''}>
      <Navbar />
      {me?.frozen && <FrozenBanner supportEmail={me.frozen.supportEmail} />}
      <main ref={main} id="main" className="flex-1 outline-none" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer closed={closed} />
      <RetryNotice />
    </div>
  );
}
