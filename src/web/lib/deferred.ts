import { useEffect, useRef, useState } from 'react';

/**
 * One deferred job at a time, each in its own idle period after the first paint: two charts
 * asked for at once are fetched, evaluated and drawn in separate tasks rather than one long one.
 */
let queue: Promise<void> = new Promise((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : resolve()));

const idle = (timeout: number) =>
  new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout }) : setTimeout(resolve, 50)));

/**
 * True once the element is near the viewport AND the page has painted and the browser is idle:
 * heavy extras (Chart.js) wait until the page's text is on screen, in a reserved box that keeps
 * its size. The canvas shows at the latest `timeout` ms after it was wanted.
 */
export function useDeferredReveal<T extends Element>(timeout = 1500) {
  const ref = useRef<T>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || ready) return;
    let cancelled = false;
    const start = () => {
      queue = queue.then(() => idle(timeout)).then(() => {
        if (!cancelled) setReady(true);
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => void (cancelled = true);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [ready, timeout]);
  return [ref, ready] as const;
}
