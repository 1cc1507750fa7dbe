import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, inputClass } from '../../components/form';

/**
 * What every review queue shares (money requests, identities): the status filter, the loading and
 * empty states, the list of cards and "Charger plus".
 */
export function QueueFrame<F extends string>({
  filters,
  status,
  onStatus,
  labelOf,
  queue,
  count,
  listClassName,
  children,
}: {
  filters: readonly F[];
  status: F;
  onStatus: (status: F) => void;
  labelOf: (status: F) => string;
  queue: { isPending: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  count: number;
  listClassName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="mb-4 max-w-xs">
        <Field label={t('filter')}>
          {(a11y) => (
            <select {...a11y} className={inputClass} value={status} onChange={(e) => onStatus(e.target.value as F)}>
              {filters.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('all') : s === 'waiting' ? t('waitingForMe') : labelOf(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {queue.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : count === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t('empty')}
        </p>
      ) : (
        <ul className={listClassName} aria-live="polite">
          {children}
        </ul>
      )}
      {queue.hasNextPage && (
        <div className="mt-4 text-center">
          <Button tone="secondary" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
            {queue.isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
