import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './app/RouteError';
import { AppRoutes, preloadFirstScreen } from './app/routes';
import { screenOf } from './app/screens';
import { ToastProvider } from './components/toast';
import { ApiError, onSessionLost } from './lib/api';
import { preloadNamespaces } from './lib/i18n';
import { meQuery, meQueryKey } from './lib/session';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

// A person whose session ended is forgotten: the guards then send them to /login (or /admin-login)
// with the page they were on, instead of leaving them on a screen whose every call fails.
onSessionLost(() => {
  if (!queryClient.getQueryData(meQueryKey)) return;
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
});

/** Lets the browser breathe (paint, input) between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Who is signed in, the first screen's code, its texts and (signed in) its data are fetched in
// parallel; the first render waits for them (the painted shell of index.html shows meanwhile),
// so the page appears whole, without a spinner in between. Start-up is cut into short tasks
// (a phone stays responsive to a tap while the page loads), and the render is a transition: it
// yields to the browser every few milliseconds instead of one long task.
async function start(): Promise<void> {
  void queryClient.prefetchQuery(meQuery);
  await nextTask();
  const firstScreen = Promise.all([
    preloadFirstScreen(window.location.pathname, queryClient),
    preloadNamespaces(['common']),
  ]).catch(() => undefined);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  await firstScreen;
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ToastProvider>
              <RouteErrorBoundary>
                <AppRoutes />
              </RouteErrorBoundary>
            </ToastProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // Real-user vitals (decision 030): their code arrives after the first render, in its own chunk;
  // web-vitals reads the page's buffered performance entries, so nothing before it is missed.
  const route = screenOf(window.location.pathname).path;
  setTimeout(() => void import('./lib/vitals').then((m) => m.reportVitals(route)).catch(() => undefined), 0);
}

void start();
