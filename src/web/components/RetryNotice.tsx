import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { retryState } from '../lib/api';

/**
 * While a request is being tried again after the database said "not now" (decision 026), a calm
 * line instead of an error: the same operation, with the same idempotency key, is on its way.
 */
export function RetryNotice() {
  const { t } = useTranslation();
  const active = useSyncExternalStore(retryState.subscribe, retryState.get, () => false);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4"
    >
      {active && (
        <p
          className="rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-medium text-brand-900 shadow"
          data-testid="retry-notice"
        >
          {t('status.retrying')}
        </p>
      )}
    </div>
  );
}
