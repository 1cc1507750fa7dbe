import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
// The home page is where most visits start: it is part of the first script, which saves a
// round trip before its first paint (and costs other pages about 6 KB gzip).
import { HomePage as Home } from '../features/content/HomePage';
import { preloadNamespaces } from '../lib/i18n';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/Layout';

interface Screen {
  (): ReactNode;
  /** Fetches the screen's code and its texts (in parallel); resolves when both are there. */
  preload(): Promise<void>;
}

/**
 * Each screen is its own chunk, loaded on demand: the first page stays small. Its texts are
 * fetched at the same time as its code, not after it, and a screen already fetched renders at
 * once (main.tsx fetches the first one before the first render, so no spinner shows).
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, namespaces: readonly string[]): Screen {
  let component: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), preloadNamespaces(namespaces)]).then(
      ([module]) => {
        component = module[name] as ComponentType;
      },
      (err: unknown) => {
        pending = undefined; // a later visit tries again
        throw err;
      },
    ));
  const Screen = () => createElement(component ?? (use(preload()), component!));
  return Object.assign(Screen, { preload });
}

const pages = ['pages', 'content'];
const HomePage = screen(() => Promise.resolve({ Home }), 'Home', ['content']);
const AboutPage = screen(() => import('../features/content/AboutPage'), 'AboutPage', pages);
const CryptoPage = screen(() => import('../features/content/AreaPages'), 'CryptoPage', pages);
const TradingPage = screen(() => import('../features/content/AreaPages'), 'TradingPage', pages);
const StocksPage = screen(() => import('../features/content/AreaPages'), 'StocksPage', pages);
const RealEstatePage = screen(() => import('../features/content/AreaPages'), 'RealEstatePage', pages);
const LoginPage = screen(() => import('../features/accounts/LoginPage'), 'LoginPage', ['accounts']);
const SignupPage = screen(() => import('../features/accounts/SignupPage'), 'SignupPage', ['accounts']);
const ProfilePage = screen(() => import('../features/accounts/ProfilePage'), 'ProfilePage', ['accounts']);
const AdminLoginPage = screen(() => import('../features/accounts/AdminLoginPage'), 'AdminLoginPage', ['accounts']);
const ResetPasswordPage = screen(() => import('../features/accounts/ResetPasswordPage'), 'ResetPasswordPage', ['accounts']);
const InvestPage = screen(() => import('../features/investing/InvestPage'), 'InvestPage', ['investing']);
const CashierPage = screen(() => import('../features/cashier/CashierPage'), 'CashierPage', ['cashier']);
const DepositPage = screen(() => import('../features/cashier/DepositPage'), 'DepositPage', ['cashier']);
const WithdrawPage = screen(() => import('../features/cashier/WithdrawPage'), 'WithdrawPage', ['cashier']);
const TransferPage = screen(() => import('../features/cashier/TransferPage'), 'TransferPage', ['cashier']);
const PortfolioPage = screen(() => import('../features/portfolio/PortfolioPage'), 'PortfolioPage', ['portfolio']);
const ChartsPage = screen(() => import('../features/market/ChartsPage'), 'ChartsPage', ['market']);
const AdminPage = screen(() => import('../features/admin/AdminPage'), 'AdminPage', ['admin']);

/** Every route of spec §2, with who may open it. Unknown paths show the home screen. */
const table: Array<{ path: string; Page: Screen; access?: 'user' | 'admin' }> = [
  { path: '/', Page: HomePage },
  { path: '/about', Page: AboutPage },
  { path: '/crypto', Page: CryptoPage },
  { path: '/trading', Page: TradingPage },
  { path: '/stocks', Page: StocksPage },
  { path: '/real-estate', Page: RealEstatePage },
  { path: '/charts', Page: ChartsPage },
  { path: '/login', Page: LoginPage },
  { path: '/signup', Page: SignupPage },
  { path: '/admin-login', Page: AdminLoginPage },
  { path: '/reset-password', Page: ResetPasswordPage },
  { path: '/profile', Page: ProfilePage, access: 'user' },
  { path: '/invest', Page: InvestPage, access: 'user' },
  { path: '/cashier', Page: CashierPage, access: 'user' },
  { path: '/deposit', Page: DepositPage, access: 'user' },
  { path: '/withdraw', Page: WithdrawPage, access: 'user' },
  { path: '/internal-transfer', Page: TransferPage, access: 'user' },
  { path: '/portfolio', Page: PortfolioPage, access: 'user' },
  { path: '/admin', Page: AdminPage, access: 'admin' },
  { path: '*', Page: HomePage },
];

function guarded(Page: Screen, access?: 'user' | 'admin'): ReactNode {
  if (access === 'user') return <RequireAuth><Page /></RequireAuth>;
  if (access === 'admin') return <RequireAdmin><Page /></RequireAdmin>;
  return <Page />;
}

const routes: RouteObject[] = [{ element: <Layout />, children: table.map(({ path, Page, access }) => ({ path, element: guarded(Page, access) })) }];

/** Fetches the screen of `pathname` (code and texts), e.g. before the first render. */
export function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return (table.find((r) => r.path === path) ?? table.find((r) => r.path === '*')!).Page.preload();
}

/**
 * Declarative routing (<BrowserRouter> + useRoutes): the app uses no loaders or actions, and the
 * data router would add about 15 KB gzip to the first script.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
