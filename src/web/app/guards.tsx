import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../lib/session';
import { PageFallback } from './layout/Layout';

/** Sends visitors to /login, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <PageFallback />;
  if (!me) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

/** Sends anyone without an admin session to /admin-login. The server checks the role again on every call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageFallback />;
  if (!me?.isAdmin) return <Navigate to="/admin-login" replace />;
  return children;
}
