import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Deposit, Withdrawal } from '../../../contracts/cashier';
import { fillReason } from '../../../core/rejection-reasons';
import { reasonTexts } from '../../../core/rejection-texts';
import { formatDateTime, money } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useCashierHistory } from './api';

type Request = Deposit | Withdrawal;

/** The rejection's reason in the catalogue's words (the e-mail says the same), in the page's language. */
export function reasonText(request: Request): string | null {
  if (!request.rejection) return null;
  const w = 'crypto' in request ? request : null;
  return fillReason(reasonTexts[currentLanguage()].investor[request.rejection.reason], {
    amount: money(request.amount),
    ...(w ? { crypto: w.crypto, address: w.address } : {}),
  });
}

const formOf = { deposit: '/deposit', withdrawal: '/withdraw' } as const;

/** "Corriger": opens the request's form, prefilled, to send its next version. */
export function CorrectLink({ kind, request }: { kind: 'deposit' | 'withdrawal'; request: Request }) {
  const { t } = useTranslation('cashier');
  if (!request.rejection?.canCorrect) return null;
  return (
    <Link
      to={`${formOf[kind]}?correct=${encodeURIComponent(request.id)}`}
      className="mt-1 inline-block rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      aria-label={t(`correction.${kind}Label`, {
        amount: money(request.amount),
        date: formatDateTime(request.createdAt),
      })}
      data-testid="correct-request"
    >
      {t('correction.action')}
    </Link>
  );
}

/**
 * The rejected request a form corrects (`?correct=<id>`), when it can still be corrected; the
 * server decides again when the new version is sent.
 */
export function useCorrection<K extends 'deposit' | 'withdrawal'>(
  kind: K,
): (K extends 'deposit' ? Deposit : Withdrawal) | null {
  const [params] = useSearchParams();
  const id = params.get('correct');
  const { data } = useCashierHistory();
  if (!id || !data) return null;
  const list: Request[] = kind === 'deposit' ? data.deposits : data.withdrawals;
  const found = list.find((r) => r.id === id && r.rejection?.canCorrect);
  return (found as (K extends 'deposit' ? Deposit : Withdrawal) | undefined) ?? null;
}

/** Above a form that corrects a request: which one, and what to fix. */
export function CorrectionNotice({ kind, request }: { kind: 'deposit' | 'withdrawal'; request: Request }) {
  const { t } = useTranslation('cashier');
  return (
    <section
      aria-labelledby="correction-title"
      className="rounded-xl border-2 border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="correction-notice"
    >
      <h2 id="correction-title" className="font-semibold">
        {t(`correction.${kind}Title`, { amount: money(request.amount), date: formatDateTime(request.createdAt) })}
      </h2>
      <p className="mt-1">{reasonText(request)}</p>
      <p className="mt-1 text-amber-900">{t('correction.version', { version: request.version + 1 })}</p>
    </section>
  );
}
