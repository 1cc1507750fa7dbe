import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/form';
import { Page } from '../../components/Page';
import { useToasts } from '../../components/toast';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, money } from '../../lib/format';
import { AdminNav } from './AdminNav';
import { ChainHolds } from './ChainHolds';
import { overviewQuery, useOverview, useOverviewActions } from './backoffice-api';

/** The overview's cards, fetched with the screen when it is the first one opened (they pushed the page's end down). */
export function prefetchOverviewPage(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(overviewQuery);
}

function Card({ title, children, alert = false }: { title: string; children: ReactNode; alert?: boolean }) {
  return (
    <section
      className={`rounded-xl border bg-white p-4 shadow-sm ${alert ? 'border-red-500 ring-2 ring-red-200' : 'border-slate-200'}`}
      aria-label={title}
    >
      <h2 className="mb-3 text-lg font-semibold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="text-right font-medium tabular-nums text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The platform at a glance; refetched on every live event (lib/live.ts). */
export function OverviewPage() {
  const { t } = useTranslation('backoffice');
  const toast = useToasts();
  const overview = useOverview();
  const { verify, retry } = useOverviewActions();
  const o = overview.data;
  return (
    <Page title={t('overview.title')} description={t('overview.description')} wide>
      <AdminNav />
      <div className="mb-4 empty:hidden">
        <ChainHolds />
      </div>
      {!o ? (
        <p role="status">{overview.isError ? errorMessage(t, overview.error) : t('loading')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Card title={t('overview.pending')}>
            <Rows
              rows={[
                [
                  t('overview.deposits'),
                  t('overview.countSum', { count: o.pending.deposits.count, sum: money(o.pending.deposits.sum) }),
                ],
                [
                  t('overview.withdrawals'),
                  t('overview.countSum', { count: o.pending.withdrawals.count, sum: money(o.pending.withdrawals.sum) }),
                ],
                [
                  t('overview.awaitingSecondDeposits'),
                  t('overview.countSum', {
                    count: o.awaitingSecond.deposits.count,
                    sum: money(o.awaitingSecond.deposits.sum),
                  }),
                ],
                [
                  t('overview.awaitingSecondWithdrawals'),
                  t('overview.countSum', {
                    count: o.awaitingSecond.withdrawals.count,
                    sum: money(o.awaitingSecond.withdrawals.sum),
                  }),
                ],
              ]}
            />
          </Card>
          <Card title={t('overview.today', { day: o.today.day })}>
            <Rows
              rows={[
                [
                  t('overview.approvedDeposits'),
                  t('overview.countSum', { count: o.today.deposits.count, sum: money(o.today.deposits.sum) }),
                ],
                [
                  t('overview.approvedWithdrawals'),
                  t('overview.countSum', { count: o.today.withdrawals.count, sum: money(o.today.withdrawals.sum) }),
                ],
              ]}
            />
          </Card>
          <Card title={t('overview.liabilities')} alert={!o.liabilities.reconciled}>
            <Rows
              rows={[
                [t('overview.available'), money(o.liabilities.available)],
                [t('overview.invested'), money(o.liabilities.invested)],
                [t('overview.held'), money(o.liabilities.held)],
                [t('overview.owed'), money(o.liabilities.total)],
                [t('overview.ledgerExpected'), money(o.liabilities.expected)],
              ]}
            />
            <p className="mt-2 text-xs text-slate-600">
              {t('overview.asOf', { at: formatDateTime(o.liabilities.asOf), seconds: 5 })}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {t('overview.ledgerDetail', {
                deposits: money(o.liabilities.ledger.deposits),
                withdrawals: money(o.liabilities.ledger.withdrawals),
                pnl: money(o.liabilities.ledger.pnl),
              })}
            </p>
            {o.liabilities.reconciled ? (
              <p className="mt-2 text-sm font-semibold text-emerald-800">{t('overview.reconciled')}</p>
            ) : (
              <p className="mt-2 text-sm font-bold text-red-700" role="alert">
                {t('overview.mismatch', { difference: money(o.liabilities.difference) })}
              </p>
            )}
          </Card>
          <Card
            title={t('overview.verifications')}
            alert={o.verification.last?.ok === false || o.verification.seals?.ok === false}
          >
            {(
              [
                ['ledger', o.verification.last, 'overview.neverVerified'],
                ['seals', o.verification.seals, 'overview.sealsNeverVerified'],
              ] as const
            ).map(([kind, run, never]) => (
              <p key={kind} className="text-sm text-slate-800" data-testid={`verification-${kind}`}>
                <span className="font-semibold">{t(`overview.verificationKind.${kind}`)}</span>{' '}
                {run
                  ? t(run.ok ? 'overview.verifiedOk' : 'overview.verifiedProblems', {
                      at: formatDateTime(run.ranAt),
                      count: run.problems,
                    })
                  : t(never)}
              </p>
            ))}
            {o.verification.requestedAt && (
              <p className="mt-1 text-sm text-slate-600">
                {t('overview.verificationQueued', { at: formatDateTime(o.verification.requestedAt) })}
              </p>
            )}
            <Button
              className="mt-3"
              tone="secondary"
              disabled={verify.isPending || o.verification.requestedAt !== null}
              onClick={() =>
                verify.mutate(undefined, {
                  onSuccess: () => toast.success(t('overview.verificationAsked')),
                  onError: (err) => toast.error(errorMessage(t, err)),
                })
              }
            >
              {t('overview.verifyNow')}
            </Button>
          </Card>
          <Card title={t('overview.outbox')} alert={o.outbox.failed > 0}>
            <Rows
              rows={[
                [t('overview.outboxPending'), String(o.outbox.pending + o.outbox.sending)],
                [t('overview.outboxFailed'), String(o.outbox.failed)],
              ]}
            />
            <Button
              className="mt-3"
              tone="secondary"
              disabled={retry.isPending || o.outbox.failed === 0}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: (r) => toast.success(t('overview.retried', { count: r.retried })),
                  onError: (err) => toast.error(errorMessage(t, err)),
                })
              }
            >
              {t('overview.retryFailed')}
            </Button>
          </Card>
          <Card title={t('overview.system')}>
            <Rows
              rows={[
                [
                  t('overview.priceAge'),
                  o.price.ageSeconds === null
                    ? t('overview.noPrice')
                    : t('overview.seconds', { count: o.price.ageSeconds }),
                ],
                ...o.leases.map((l): [string, ReactNode] => [
                  t('overview.lease', { name: l.name }),
                  <span className="break-all font-mono text-xs">{l.holder}</span>,
                ]),
              ]}
            />
            {o.leases.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('overview.noLease')}</p>}
          </Card>
        </div>
      )}
    </Page>
  );
}
