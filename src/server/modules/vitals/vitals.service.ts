import { Counter, Histogram, type Registry } from 'prom-client';
import type { ClientError, VitalName, VitalsBeacon } from '../../../contracts/vitals';

/**
 * The buckets of each vital, in the unit of its histogram. Each has a bound at the web's "good"
 * and "poor" thresholds (LCP 2.5 s and 4 s, INP 200 ms and 500 ms, CLS 0.1 and 0.25), so that the
 * share of good page views is exact and p75 is interpolated between near bounds.
 */
const histograms: Record<VitalName, { name: string; help: string; buckets: number[]; scale: number }> = {
  LCP: {
    name: 'atlas_web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint reported by browsers, by route pattern',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20],
    scale: 1 / 1000,
  },
  INP: {
    name: 'atlas_web_vitals_inp_seconds',
    help: 'Interaction to Next Paint reported by browsers (worst interaction of a page view), by route pattern',
    buckets: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
    scale: 1 / 1000,
  },
  CLS: {
    name: 'atlas_web_vitals_cls',
    help: 'Cumulative Layout Shift reported by browsers, by route pattern',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    scale: 1,
  },
};

export interface VitalsService {
  /** Adds the vitals of one beacon (already validated: known routes and names, bounded values). */
  record(beacon: VitalsBeacon): void;
  /** Counts one error a browser reported (already validated: a known route and kind). */
  recordClientError(error: ClientError): void;
}

/**
 * Real-user vitals as Prometheus histograms, labelled with the route pattern only (decision 030).
 * Every instance keeps its own counts: Prometheus sums them across instances.
 */
export function vitalsService(registry: Registry): VitalsService {
  const byName = Object.fromEntries(
    Object.entries(histograms).map(([vital, h]) => [
      vital,
      new Histogram({
        name: h.name,
        help: h.help,
        labelNames: ['route'] as const,
        buckets: h.buckets,
        registers: [registry],
      }),
    ]),
  ) as Record<VitalName, Histogram<'route'>>;
  const clientErrors = new Counter({
    name: 'atlas_web_client_errors_total',
    help: 'Errors reported by browsers (a screen that did not load within its bound), by route pattern and kind',
    labelNames: ['route', 'kind'] as const,
    registers: [registry],
  });
  return {
    record(beacon) {
      for (const v of beacon.vitals) byName[v.name].observe({ route: v.route }, v.value * histograms[v.name].scale);
    },
    recordClientError(error) {
      clientErrors.inc({ route: error.route, kind: error.kind });
    },
  };
}
