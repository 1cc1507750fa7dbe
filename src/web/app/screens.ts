import type { VitalsRoute } from '../../contracts/vitals';

/**
 * Which module draws each route of spec §2, the texts it needs and who may open it. Data only:
 * routes.tsx turns it into routes, and the build (scripts/route-preloads.ts) lists each route's
 * files so that the server names them in the page it sends (<link rel="modulepreload">).
 */
export interface ScreenSpec {
  /** One of the known route patterns (contracts/vitals.ts), the only label of a page's vitals. */
  path: VitalsRoute;
  /** Under src/web/features, without the extension. */
  module: string;
  /** The component the module exports. */
  name: string;
  namespaces: string[];
  access?: 'user' | 'admin';
  /**
   * An export of the module, `(client: QueryClient) => Promise<unknown>`, that fetches what the
   * screen shows at first: when the screen is the first one opened, the first render waits for
   * it (app/routes.tsx), so the page appears once, whole.
   */
  prefetch?: string;
}

const pages = ['pages', 'content'];

export const screens: ScreenSpec[] = [
  { path: '/', module: 'content/HomePage', name: 'HomePage', namespaces: ['content'] },
  { path: '/about', module: 'content/AboutPage', name: 'AboutPage', namespaces: pages },
  { path: '/crypto', module: 'content/AreaPages', name: 'CryptoPage', namespaces: pages },
  { path: '/trading', module: 'content/AreaPages', name: 'TradingPage', namespaces: pages },
  { path: '/stocks', module: 'content/AreaPages', name: 'StocksPage', namespaces: pages },
  { path: '/real-estate', module: 'content/AreaPages', name: 'RealEstatePage', namespaces: pages },
  { path: '/charts', module: 'market/ChartsPage', name: 'ChartsPage', namespaces: ['market'] },
  {
    path: '/preuve-de-passif',
    module: 'liabilities/LiabilitiesPage',
    name: 'LiabilitiesPage',
    namespaces: ['liabilities'],
  },
  { path: '/login', module: 'accounts/LoginPage', name: 'LoginPage', namespaces: ['accounts'] },
  { path: '/signup', module: 'accounts/SignupPage', name: 'SignupPage', namespaces: ['accounts'] },
  { path: '/admin-login', module: 'accounts/AdminLoginPage', name: 'AdminLoginPage', namespaces: ['accounts'] },
  {
    path: '/reset-password',
    module: 'accounts/ResetPasswordPage',
    name: 'ResetPasswordPage',
    namespaces: ['accounts'],
  },
  {
    path: '/profile',
    module: 'accounts/ProfilePage',
    name: 'ProfilePage',
    namespaces: ['accounts', 'identity', 'closure'],
    access: 'user',
    prefetch: 'prefetchProfilePage',
  },
  {
    path: '/account-closed',
    module: 'accounts/ClosedAccountPage',
    name: 'ClosedAccountPage',
    namespaces: ['closure'],
    access: 'user',
  },
  { path: '/invest', module: 'investing/InvestPage', name: 'InvestPage', namespaces: ['investing'], access: 'user' },
  { path: '/cashier', module: 'cashier/CashierPage', name: 'CashierPage', namespaces: ['cashier'], access: 'user' },
  {
    path: '/deposit',
    module: 'cashier/DepositPage',
    name: 'DepositPage',
    namespaces: ['cashier'],
    access: 'user',
    prefetch: 'prefetchDepositPage',
  },
  { path: '/withdraw', module: 'cashier/WithdrawPage', name: 'WithdrawPage', namespaces: ['cashier'], access: 'user' },
  {
    path: '/internal-transfer',
    module: 'cashier/TransferPage',
    name: 'TransferPage',
    namespaces: ['cashier'],
    access: 'user',
  },
  {
    path: '/portfolio',
    module: 'portfolio/PortfolioPage',
    name: 'PortfolioPage',
    namespaces: ['portfolio'],
    access: 'user',
    prefetch: 'prefetchPortfolio',
  },
  {
    path: '/admin',
    module: 'admin/AdminPage',
    name: 'AdminPage',
    namespaces: ['admin', 'backoffice', 'identity'],
    access: 'admin',
  },
  {
    path: '/admin/overview',
    module: 'admin/OverviewPage',
    name: 'OverviewPage',
    namespaces: ['backoffice'],
    access: 'admin',
    prefetch: 'prefetchOverviewPage',
  },
  {
    path: '/admin/users',
    module: 'admin/UsersPage',
    name: 'UsersPage',
    namespaces: ['backoffice', 'admin'],
    access: 'admin',
  },
  {
    path: '/admin/audit',
    module: 'admin/AuditPage',
    name: 'AuditPage',
    namespaces: ['backoffice', 'fields'],
    access: 'admin',
    prefetch: 'prefetchAuditPage',
  },
  {
    path: '/admin/support',
    module: 'admin/SupportInboxPage',
    name: 'SupportInboxPage',
    namespaces: ['backoffice', 'assistant'],
    access: 'admin',
  },
  {
    path: '/admin/alerts',
    module: 'admin/AlertsPage',
    name: 'AlertsPage',
    namespaces: ['alerts', 'backoffice'],
    access: 'admin',
  },
];

/** Unknown paths show the home screen. */
export const fallbackScreen = screens[0]!;

/** The screen of a path, as the router matches it (case and a trailing slash do not matter). */
export function screenOf(pathname: string): ScreenSpec {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return screens.find((s) => s.path === path) ?? fallbackScreen;
}
