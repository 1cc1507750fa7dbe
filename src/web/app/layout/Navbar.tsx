import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { Me } from '../../../contracts/me';
import { useMe, useSignOut } from '../../lib/session';
import { AssistantLauncher, isOperatorPath } from './AssistantLauncher';
import { LanguageSelector } from './LanguageSelector';

type NavKey = 'home' | 'about' | 'profile' | 'invest' | 'cashier' | 'portfolio' | 'charts' | 'admin' | 'closedAccount';

interface Item {
  to: string;
  key: NavKey;
}

/**
 * The one place the bar (and the phone's menu) decides its links: only what this person can use.
 * A closed account reads one page (decision 039); a closing one invests no more, but still empties
 * its account from the cashier and stops its investments from the portfolio.
 */
function navItems(me: Me | null | undefined): Item[] {
  if (me?.closure?.state === 'closed') return [{ to: '/account-closed', key: 'closedAccount' }];
  const closing = Boolean(me?.closure);
  return [
    { to: '/', key: 'home' },
    { to: '/about', key: 'about' },
    ...(me ? [{ to: '/profile', key: 'profile' } as const] : []),
    ...(closing ? [] : [{ to: '/invest', key: 'invest' } as const]),
    { to: '/cashier', key: 'cashier' },
    { to: '/portfolio', key: 'portfolio' },
    { to: '/charts', key: 'charts' },
    ...(me?.isAdmin ? [{ to: '/admin', key: 'admin' } as const] : []),
  ];
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
      <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#f5b300" />
        <path d="M32 12 50 50H41l-3.4-7.6H26.4L23 50h-9L32 12Zm0 15.5-3.6 8.5h7.2L32 27.5Z" fill="#0b1b3a" />
      </svg>
      <span>
        Atlas <span className="text-gold-400">Invest</span>
      </span>
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'}`;

export function Navbar() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the menu from anywhere in it, and the focus goes back to the button that opened it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  /** The items as list entries, in the bar and in the phone's menu. */
  const links = (itemClass?: string) =>
    navItems(me).map((item) => (
      <li key={item.to} className={itemClass}>
        <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
          {t(`nav.${item.key}`)}
        </NavLink>
      </li>
    ));
  const logout = async () => {
    // Leave first: on a protected page, the guard would otherwise send us to /login once signed out.
    navigate('/');
    await signOut();
  };
  const account = (mobile: boolean) =>
    me ? (
      <>
        <span className="px-3 py-2 text-sm font-semibold text-gold-400" data-testid="nav-username">
          @{me.username}
        </span>
        <button
          type="button"
          onClick={() => void logout()}
          className={`rounded-md border border-white/30 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 ${mobile ? 'text-left' : ''}`}
        >
          {t('nav.logout')}
        </button>
      </>
    ) : (
      <>
        <NavLink to="/login" className={linkClass}>
          {t('nav.login')}
        </NavLink>
        <NavLink
          to="/signup"
          className="rounded-md bg-gold-500 px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-400"
        >
          {t('nav.signup')}
        </NavLink>
      </>
    );

  return (
    <header className="sticky top-0 z-40 bg-brand-900 shadow-md">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-900"
      >
        {t('nav.skip')}
      </a>
      {/* One landmark for the bar and the phone's menu below it: both are the main navigation. */}
      <nav aria-label={t('nav.main')}>
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
          <Logo />
          <ul className="ml-6 hidden items-center gap-1 lg:flex">{links()}</ul>
          <div className="ml-auto hidden items-center gap-2 lg:flex">
            <LanguageSelector id="lang-desktop" />
            {account(false)}
          </div>
          {/* Below 1024 px the assistant's button docks here, in the bar; above, it floats (decision 048). */}
          <div className="ml-auto flex items-center gap-2 lg:contents">
            {!isOperatorPath(location.pathname) && <AssistantLauncher />}
            <button
              ref={menuButton}
              type="button"
              className="inline-flex items-center justify-center rounded-md p-2 text-white hover:bg-white/10 lg:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              onClick={() => setOpen((v) => !v)}
            >
              <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
          </div>
        </div>
        {open && (
          <div id="mobile-menu" className="border-t border-white/10 px-4 pb-4 lg:hidden">
            <ul className="flex flex-col gap-1 pt-2">{links('flex flex-col')}</ul>
            <div className="mt-3 flex flex-col gap-2 border-t border-white/10 pt-3">
              <LanguageSelector id="lang-mobile" />
              {account(true)}
            </div>
          </div>
        )}
      </nav>
    </header>
  );
}
