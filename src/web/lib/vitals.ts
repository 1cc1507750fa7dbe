import { onCLS, onINP, onLCP, type CLSMetric, type INPMetric, type LCPMetric } from 'web-vitals';
import type { VitalsBeacon, VitalsRoute } from '../../contracts/vitals';

const endpoint = '/api/vitals';

/**
 * Reports this page view's Largest Contentful Paint, Interaction to Next Paint and Cumulative
 * Layout Shift to our own server (POST /api/vitals; decision 030), labelled with the route
 * pattern of the screen the page was opened on, never its URL. The values wait in a queue and go
 * in one beacon each time the page is hidden (switching tabs or apps, closing, leaving), the
 * moment web-vitals gives their final values; a value that changes after a beacon goes again in
 * the next one. navigator.sendBeacon survives the page's end; no cookie or other field is added.
 */
export function reportVitals(route: VitalsRoute): void {
  const queue = new Map<VitalsBeacon['vitals'][number]['name'], number>();
  const add = (metric: LCPMetric | INPMetric | CLSMetric) => void queue.set(metric.name, metric.value);
  const flush = () => {
    if (queue.size === 0) return;
    const beacon: VitalsBeacon = { vitals: [...queue].map(([name, value]) => ({ route, name, value })) };
    queue.clear();
    const body = JSON.stringify(beacon);
    if (navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) return;
    void fetch(endpoint, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  };
  onLCP(add);
  onINP(add);
  onCLS(add);
  // After web-vitals' own listeners (on the document), which report the final values first. Not
  // on pagehide as well: leaving a page fires pagehide before visibilitychange, so a flush there
  // would split one page view into two beacons.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
