import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/Layout';
import { RouteError } from './RouteError';

/** Each screen is its own chunk, loaded on demand: the first page stays small. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomePage = page(() => import('../features/content/HomePage'), 'HomePage');
const AboutPage = page(() => import('../features/content/AboutPage'), 'AboutPage');
const CryptoPage = page(() => import('../features/content/AreaPages'), 'CryptoPage');
const TradingPage = page(() => import('../features/content/AreaPages'), 'TradingPage');
const StocksPage = page(() => import('../features/content/AreaPages'), 'StocksPage');
const RealEstatePage = page(() => import('../features/content/AreaPages'), 'RealEstatePage');
const LoginPage = page(() => import('../features/accounts/LoginPage'), 'LoginPage');
const SignupPage = page(() => import('../features/accounts/SignupPage'), 'SignupPage');
const ProfilePage = page(() => import('../features/accounts/ProfilePage'), 'ProfilePage');
const AdminLoginPage = page(() => import('../features/accounts/AdminLoginPage'), 'AdminLoginPage');
const ResetPasswordPage = page(() => import('../features/accounts/ResetPasswordPage'), 'ResetPasswordPage');
const InvestPage = page(() => import('../features/investing/InvestPage'), 'InvestPage');
const CashierPage = page(() => import('../features/cashier/CashierPage'), 'CashierPage');
const DepositPage = page(() => import('../features/cashier/DepositPage'), 'DepositPage');
const WithdrawPage = page(() => import('../features/cashier/WithdrawPage'), 'WithdrawPage');
const TransferPage = page(() => import('../features/cashier/TransferPage'), 'TransferPage');
const PortfolioPage = page(() => import('../features/portfolio/PortfolioPage'), 'PortfolioPage');
const ChartsPage = page(() => import('../features/market/ChartsPage'), 'ChartsPage');
const AdminPage = page(() => import('../features/admin/AdminPage'), 'AdminPage');

const auth = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;

/** Every route of spec §2. Unknown paths show the home screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/crypto', element: <CryptoPage /> },
          { path: '/trading', element: <TradingPage /> },
          { path: '/stocks', element: <StocksPage /> },
          { path: '/real-estate', element: <RealEstatePage /> },
          { path: '/charts', element: <ChartsPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/admin-login', element: <AdminLoginPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/profile', element: auth(<ProfilePage />) },
          { path: '/invest', element: auth(<InvestPage />) },
          { path: '/cashier', element: auth(<CashierPage />) },
          { path: '/deposit', element: auth(<DepositPage />) },
          { path: '/withdraw', element: auth(<WithdrawPage />) },
          { path: '/internal-transfer', element: auth(<TransferPage />) },
          { path: '/portfolio', element: auth(<PortfolioPage />) },
          { path: '/admin', element: <RequireAdmin><AdminPage /></RequireAdmin> },
          { path: '*', element: <HomePage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
