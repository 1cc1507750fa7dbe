import { z } from 'zod';

/**
 * Every route pattern a person can open (src/web/app/screens.ts; a unit test keeps the two lists
 * equal). Vitals are labelled with one of these and nothing else, so that an unauthenticated
 * beacon can never add a label value to /metrics (decision 030).
 */
export const vitalsRoutes = [
  '/',
  '/about',
  '/crypto',
  '/trading',
  '/stocks',
  '/real-estate',
  '/charts',
  '/preuve-de-passif',
  '/login',
  '/signup',
  '/admin-login',
  '/reset-password',
  '/profile',
  '/account-closed',
  '/invest',
  '/cashier',
  '/deposit',
  '/withdraw',
  '/internal-transfer',
  '/portfolio',
  '/admin',
  '/admin/overview',
  '/admin/users',
  '/admin/audit',
  '/admin/support',
  '/admin/alerts',
] as const;
export type VitalsRoute = (typeof vitalsRoutes)[number];

/**
 * The vitals a page reports, with the largest value a real page can report (above it the beacon
 * is refused): LCP and INP in milliseconds, CLS unitless.
 */
export const vitalsLimits = { LCP: 600_000, INP: 600_000, CLS: 100 } as const;
export type VitalName = keyof typeof vitalsLimits;

const vital = (name: VitalName) =>
  z.strictObject({
    route: z.enum(vitalsRoutes),
    name: z.literal(name),
    value: z.number().min(0).max(vitalsLimits[name]),
  });

/**
 * POST /api/vitals (sent with navigator.sendBeacon): the vitals of one page view, batched. No
 * identifier of the person, the page's URL or the device: a route pattern, a name and a value.
 */
export const vitalsBeaconSchema = z.strictObject({
  vitals: z
    .array(z.discriminatedUnion('name', [vital('LCP'), vital('INP'), vital('CLS')]))
    .min(1)
    .max(12),
});
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

/**
 * What went wrong in a browser that the server could not see (decision 048): a screen whose code or
 * texts did not arrive within the loading bound (`timeout`) or failed to arrive (`failed`).
 */
export const clientErrorKinds = ['screen_load_timeout', 'screen_load_failed'] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

/** POST /api/client-errors: one error of one page view, a route pattern and a kind, nothing else. */
export const clientErrorSchema = z.strictObject({
  route: z.enum(vitalsRoutes),
  kind: z.enum(clientErrorKinds),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
