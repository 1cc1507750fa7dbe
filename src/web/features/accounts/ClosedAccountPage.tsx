import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ErasureAnswerView } from '../../../contracts/closure';
import { Button, Card, FormMessage } from '../../components/form';
import { Page } from '../../components/Page';
import { DataExportSection } from '../../components/data-export/lazy';
import { errorMessage } from '../../lib/errors';
import { formatDate, withColon } from '../../lib/format';
import { useMe, useSignOut } from '../../lib/session';
import { useClosure, useErasureRequest } from './closure-api';

/** A dated answer to an erasure request: what was erased, and what the law still keeps until when. */
function ErasureAnswer({ answer }: { answer: ErasureAnswerView }) {
  const { t } = useTranslation('closure');
  return (
    <div
      className="mt-4 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700"
      data-testid="erasure-answer"
    >
      <p className="font-semibold text-brand-900">{t('answerOn', { date: formatDate(answer.at) })}</p>
      <p className="mt-2 font-semibold text-slate-900">{withColon(t('answerErased'))}</p>
      {answer.erased.length === 0 ? (
        <p>{t('answerNothingErased')}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5" data-testid="erasure-erased">
          {answer.erased.map((category) => (
            <li key={category}>{t(`category.${category}`)}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 font-semibold text-slate-900">{withColon(t('answerKept'))}</p>
      {answer.remaining.length === 0 ? (
        <p>{t('nothingLeft')}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5" data-testid="erasure-kept">
          {answer.remaining.map((r) => (
            <li key={r.category}>
              {t(`category.${r.category}`)} — {t('keptUntil', { date: formatDate(r.until) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The former investor's only page (decision 039): the account is closed and read-only; what is
 * kept, on which basis and until when; an erasure request with its dated answer; the data export
 * while retention lasts. Reached from the screen whose move closed the account, it first says that
 * move went through (decision 049).
 */
export function ClosedAccountPage() {
  const { t } = useTranslation(['closure', 'common']);
  const closedFrom = (useLocation().state as { closedFrom?: string } | null)?.closedFrom;
  const { data: closure, error } = useClosure();
  const { data: me } = useMe();
  const erasure = useErasureRequest();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const leave = async () => {
    navigate('/');
    await signOut();
  };
  return (
    <Page title={t('closure:closedTitle')}>
      <div className="flex flex-col gap-6">
        {error && <FormMessage tone="error">{errorMessage(t, error)}</FormMessage>}
        {closedFrom && closure?.state === 'closed' && (
          <FormMessage tone="success">
            <span data-testid="just-closed">
              {t(closedFrom === '/internal-transfer' ? 'closure:justClosedByTransfer' : 'closure:justClosed')}
            </span>
          </FormMessage>
        )}
        {closure?.state === 'closed' && closure.closedAt && (
          <FormMessage tone="info">
            <span data-testid="closed-on">{t('closure:closedOn', { date: formatDate(closure.closedAt) })}</span>{' '}
            {t('closure:readOnly')}
          </FormMessage>
        )}
        {closure && closure.state !== 'closed' && <FormMessage tone="info">{t('closure:notClosed')}</FormMessage>}

        {/* The export stays downloadable while the records are kept (decision 038). */}
        <Suspense fallback={null}>
          <DataExportSection twoFactorEnabled={me?.twoFactorEnabled ?? false} />
        </Suspense>

        {closure?.state === 'closed' && (
          <Card>
            <h2 className="mb-3 text-lg font-bold text-brand-900">{t('closure:keptTitle')}</h2>
            <ul className="flex flex-col gap-3 text-sm text-slate-700" data-testid="retention-list">
              {closure.retention.map((r) => (
                <li key={r.category} className="rounded-lg border border-slate-200 px-3 py-2 break-words">
                  <p className="font-semibold text-brand-900">{t(`closure:category.${r.category}`)}</p>
                  <p>
                    {r.done
                      ? t('closure:erasedOn', { date: formatDate(r.until) })
                      : t('closure:keptUntil', { date: formatDate(r.until) })}
                  </p>
                  <p className="text-xs text-slate-500">{t(`closure:basis.${r.category}`)}</p>
                </li>
              ))}
            </ul>
          </Card>
        )}

        {closure?.state === 'closed' && (
          <Card>
            <h2 className="mb-3 text-lg font-bold text-brand-900">{t('closure:erasureTitle')}</h2>
            <p className="mb-3 text-sm text-slate-700">{t('closure:erasureIntro')}</p>
            {erasure.error && <FormMessage tone="error">{errorMessage(t, erasure.error)}</FormMessage>}
            <Button tone="secondary" disabled={erasure.isPending} onClick={() => erasure.mutate()}>
              {t('closure:erasureAsk')}
            </Button>
            {closure.erasureAnswers.map((a) => (
              <ErasureAnswer key={a.at} answer={a} />
            ))}
          </Card>
        )}

        <Button tone="secondary" className="self-start" onClick={() => void leave()}>
          {t('common:nav.logout')}
        </Button>
      </div>
    </Page>
  );
}
