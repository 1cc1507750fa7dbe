import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False until the page has painted and the main thread is idle, then true, set in a transition
 * (its render yields to the browser every few milliseconds). One flag for every part of a screen
 * that waits on it: they all arrive in the same commit, so none grows after another has painted.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const show = () => startTransition(() => setReady(true));
    // The frame after this one has painted; then wait for the browser to have nothing better to do.
    const frame = requestAnimationFrame(() => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(show, { timeout: 500 })
          : window.setTimeout(show, 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
    };
  }, []);
  return ready;
}

/**
 * Mounts its children once the page has painted and the main thread is idle, holding their place
 * (`minHeight`) meanwhile. For the parts of a screen below the fold: the first render builds only
 * what the first screenful shows, and the rest arrives in its own short tasks instead of one long one.
 */
export function AfterFirstPaint({
  children,
  minHeight,
  testId,
}: {
  children: ReactNode;
  minHeight: string;
  testId?: string;
}) {
  const ready = useAfterFirstPaint();
  return ready ? <>{children}</> : <Placeholder minHeight={minHeight} testId={testId} />;
}

/** The place a later part holds until it arrives. */
export function Placeholder({ minHeight, testId }: { minHeight: string; testId?: string }) {
  return <div style={{ minHeight }} aria-busy="true" data-testid={testId} />;
}
