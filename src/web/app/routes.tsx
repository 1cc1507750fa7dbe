import type { QueryClient } from '@tanstack/react-query';
import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
// The home page is where most visits start: it is part of the first script, which saves a
// round trip before its first paint (and costs other pages about 6 KB gzip).
import { HomePage } from '../features/content/HomePage';
import { boundedLoad, LoadTimeout } from '../lib/bounded-load';
import { reportClientError } from '../lib/client-errors';
import { loadScreenTexts } from '../lib/i18n';
import { meQuery } from '../lib/session';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/Layout';
import { screenOf, screens, type ScreenSpec } from './screens';

type Module = Record<string, unknown>;
/** Every other screen module is its own chunk, loaded on demand. */
const modules = import.meta.glob<Module>('../features/*/*Page*.tsx');
const moduleOf = (spec: ScreenSpec): (() => Promise<Module>) =>
  spec.module === 'content/HomePage' ? () => Promise.resolve({ HomePage }) : modules[`../features/${spec.module}.tsx`]!;

interface Screen {
  (): ReactNode;
  /** Fetches the screen's code and its texts (in parallel); resolves when both are there. */
  preload(): Promise<void>;
}

/**
 * A screen's texts are fetched at the same time as its code, not after it, and a screen
 * already fetched renders at once (main.tsx fetches the first one before the first render, so
 * no spinner shows). Both together are bounded (lib/bounded-load.ts): a failure is kept until the
 * person asks to try again, so the screen shows it instead of suspending on a new attempt.
 */
function screen(spec: ScreenSpec): Screen {
  let component: ComponentType | undefined;
  let failure: Error | undefined;
  const load = boundedLoad(async () => {
    const [module] = await Promise.all([moduleOf(spec)(), loadScreenTexts(spec.namespaces)]);
    const found = module[spec.name];
    if (typeof found !== 'function') throw new Error(`${spec.module} exports no ${spec.name}`);
    component = found as ComponentType;
  });
  // Each attempt that fails is kept as the screen's failure (and counted once in /metrics).
  let watched: Promise<void> | undefined;
  const preload = () => {
    const attempt = load();
    if (attempt !== watched) {
      watched = attempt;
      attempt.catch((err: unknown) => {
        // What RouteErrorBoundary shows, with a button that calls `retry` and renders the screen again.
        failure = Object.assign(new Error('screen not loaded', { cause: err }), { retry: () => (failure = undefined) });
        reportClientError(spec.path, err instanceof LoadTimeout ? 'screen_load_timeout' : 'screen_load_failed');
      });
    }
    return attempt;
  };
  // `use` needs the same promise on every render while it waits: the memo's own.
  const Screen = () => {
    if (component) return createElement(component);
    if (failure) throw failure;
    use(preload());
    return createElement(component!);
  };
  return Object.assign(Screen, { preload });
}

const byPath = new Map(screens.map((spec) => [spec.path, screen(spec)]));

function guarded(spec: ScreenSpec): ReactNode {
  const Page = byPath.get(spec.path)!;
  if (spec.access === 'user')
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  if (spec.access === 'admin')
    return (
      <RequireAdmin>
        <Page />
      </RequireAdmin>
    );
  return <Page />;
}

/** Every route of spec §2 (app/screens.ts). Unknown paths show the home screen. */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...screens.map((spec) => ({ path: spec.path, element: guarded(spec) })),
      { path: '*', element: guarded(screens[0]!) },
    ],
  },
];

type Prefetch = (client: QueryClient) => Promise<unknown>;

/**
 * Fetches what the first screen needs before the first render: its code and texts and, for a
 * signed-in screen, who is signed in and the screen's data (ScreenSpec.prefetch), so that it
 * renders once instead of once more per answer. The data is waited for at most `dataWaitMs`:
 * after that the screen shows its own loading state rather than the bare painted shell.
 */
export function preloadFirstScreen(pathname: string, client: QueryClient, dataWaitMs = 1500): Promise<unknown> {
  const spec = screenOf(pathname);
  const code = byPath.get(spec.path)!.preload();
  if (!spec.access) return code;
  const data = client
    .fetchQuery(meQuery)
    .then(async (me) => {
      if (!me || (spec.access === 'admin' && !me.isAdmin) || !spec.prefetch) return;
      const module = await moduleOf(spec)();
      await (module[spec.prefetch] as Prefetch)(client);
    })
    .catch(() => undefined);
  return Promise.all([code, Promise.race([data, new Promise((resolve) => setTimeout(resolve, dataWaitMs))])]);
}

/**
 * Declarative routing (<BrowserRouter> + useRoutes): the app uses no loaders or actions, and the
 * data router would add about 15 KB gzip to the first script.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
