import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './app/RouteError';
import { AppRoutes, preloadScreen } from './app/routes';
import { ToastProvider } from './components/toast';
import { ApiError } from './lib/api';
import { preloadNamespaces } from './lib/i18n';
import { meQuery } from './lib/session';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

// Who is signed in, the first screen's code and the texts it needs are fetched in parallel;
// the first render waits for the screen and its texts (the painted shell of index.html shows
// meanwhile), so the page appears whole, without a spinner in between. It is a transition: it
// yields to the browser every few milliseconds instead of one long task.
void queryClient.prefetchQuery(meQuery);
const root = createRoot(document.getElementById('root')!);
const firstScreen = Promise.all([preloadScreen(window.location.pathname), preloadNamespaces(['common'])]);
void firstScreen.catch(() => undefined).then(() =>
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
  ),
);
