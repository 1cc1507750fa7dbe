import type { ClientErrorKind, VitalsRoute } from '../../contracts/vitals';

/**
 * Tells the server about an error only the browser saw (decision 048): it is counted in /metrics
 * as atlas_web_client_errors_total by route pattern and kind, nothing else. Best effort (a beacon, as the vitals').
 */
export function reportClientError(route: VitalsRoute, kind: ClientErrorKind): void {
  navigator.sendBeacon?.(
    '/api/client-errors',
    new Blob([JSON.stringify({ route, kind })], { type: 'application/json' }),
  );
}
