import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * The element's content size, kept up to date. Measured by a ResizeObserver, whose first report
 * comes with the first frame: the chart draws in its own, interruptible render after the page's
 * first paint (its box is already reserved), not inside the page's first commit.
 */
export function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      startTransition(() => setSize((s) => (s.width === width && s.height === height ? s : { width, height })));
    };
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
