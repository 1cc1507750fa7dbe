import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { UserDetail } from '../../../contracts/backoffice';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/form';
import { useToasts } from '../../components/toast';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatDay, money } from '../../lib/format';
import { useRevoke, useUser, useUserStatement } from './backoffice-api';
import { UserControls } from './UserControls';
import { ChainHolds } from './ChainHolds';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
        {action && <div className="ml-auto">{action}</div>}
      </div>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on a phone; focusable so that the keyboard can scroll it too. */
function Table({ label, head, rows, empty }: { label: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              {cells.map((c, j) => (
                <td key={j} className="py-1 pr-3 tabular-nums text-slate-900">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Statement({ id }: { id: string }) {
  const { t } = useTranslation('backoffice');
  const statement = useUserStatement(id);
  const lines = statement.data?.pages.flatMap((p) => p.lines) ?? [];
  return (
    <Section title={t('user.statement')}>
      {statement.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <Table
          label={t('user.statement')}
          head={[t('user.date'), t('user.kind'), t('user.amount'), t('user.runningBalance')]}
          rows={lines.map((l) => [formatDateTime(l.at), t(`kinds.${l.kind}`), money(l.amount), money(l.balance)])}
          empty={t('user.nothing')}
        />
      )}
      {statement.hasNextPage && (
        <Button
          className="mt-3"
          tone="secondary"
          onClick={() => void statement.fetchNextPage()}
          disabled={statement.isFetchingNextPage}
        >
          {t('loadMore')}
        </Button>
      )}
    </Section>
  );
}

export function UserDetailView({ id }: { id: string }) {
  const { t } = useTranslation('backoffice');
  const toast = useToasts();
  const user = useUser(id);
  const revoke = useRevoke(id);
  const u = user.data;
  const doRevoke = (sessionId?: string) =>
    revoke.mutate(sessionId, {
      onSuccess: (r) => toast.success(t('user.revoked', { count: r.revoked })),
      onError: (err) => toast.error(errorMessage(t, err)),
    });
  if (!u)
    return <p role={user.isError ? 'alert' : 'status'}>{user.isError ? errorMessage(t, user.error) : t('loading')}</p>;
  const p = u.profile;
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link to="/admin/users" className="text-sm font-semibold text-brand-700 underline">
          {t('user.back')}
        </Link>
      </p>
      <Section title={p.fullName}>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {(
            [
              [t('user.uid'), <span className="font-mono">{p.uid}</span>],
              [t('user.email'), p.email],
              [t('user.username'), `@${p.username}`],
              [t('user.phone'), p.phone],
              [t('user.country'), p.country],
              [t('user.birthDate'), formatDay(p.birthDate)],
              [t('user.language'), p.locale.toUpperCase()],
              [t('user.since'), formatDate(p.createdAt)],
              [t('user.role'), p.role === 'admin' ? t('user.operator') : t('user.investor')],
              [t('user.twoFactor'), p.twoFactorEnabled ? t('yes') : t('no')],
              [t('user.level'), t(`levels.${u.level}`)],
              ...standingRows(t, u),
            ] as Array<[string, ReactNode]>
          ).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="min-w-0 break-all text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <ChainHolds userId={id} />
      <UserControls user={u} />
      <Section title={t('user.balances')}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              [t('user.available'), u.balances.available],
              [t('user.invested'), u.balances.invested],
              [t('user.held'), u.balances.held],
              [t('user.totalInvested'), u.balances.totalInvested],
            ] as Array<[string, string]>
          ).map(([k, v]) => (
            <div key={k} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{k}</dt>
              <dd className="text-lg font-bold tabular-nums text-slate-900">{money(v)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Statement id={id} />
      <Section title={t('user.investments')}>
        <Table
          label={t('user.investments')}
          head={[t('user.date'), t('user.area'), t('user.amount'), t('user.value'), t('user.status')]}
          rows={u.investments.map((i) => [
            formatDate(i.createdAt),
            t(`areas.${i.area}`, { defaultValue: i.area }),
            money(i.amount),
            money(i.currentValue),
            i.isActive ? t('user.active') : t('user.stopped'),
          ])}
          empty={t('user.nothing')}
        />
      </Section>
      <Section title={t('user.requests')}>
        <Table
          label={t('user.requests')}
          head={[t('user.date'), t('user.kind'), t('user.amount'), t('user.status')]}
          rows={[
            ...u.history.deposits.map((d) => ({
              at: d.createdAt,
              cells: [
                formatDateTime(d.createdAt),
                t('kinds.deposit'),
                money(d.amount),
                t(`status.${d.status}`, { defaultValue: d.status }),
              ],
            })),
            ...u.history.withdrawals.map((w) => ({
              at: w.createdAt,
              cells: [
                formatDateTime(w.createdAt),
                t('user.withdrawalTo', { crypto: w.crypto }),
                money(w.amount),
                t(`status.${w.status}`, { defaultValue: w.status }),
              ],
            })),
          ]
            .sort((a, b) => (a.at < b.at ? 1 : -1))
            .map((r) => r.cells)}
          empty={t('user.nothing')}
        />
      </Section>
      <Section title={t('user.transfers')}>
        <Table
          label={t('user.transfers')}
          head={[t('user.date'), t('user.kind'), t('user.amount'), t('user.counterparty')]}
          rows={u.history.transfers.map((x) => [
            formatDateTime(x.createdAt),
            t(x.direction === 'in' ? 'kinds.transfer_in' : 'kinds.transfer_out'),
            money(x.amount),
            `${x.counterpartyName} (${x.counterpartyUid})`,
          ])}
          empty={t('user.nothing')}
        />
      </Section>
      <Section
        title={t('user.sessions')}
        action={
          u.sessions.length > 0 && (
            <Button tone="danger" onClick={() => doRevoke()} disabled={revoke.isPending}>
              {t('user.revokeAll')}
            </Button>
          )
        }
      >
        {u.sessions.length === 0 ? (
          <p className="text-sm text-slate-600">{t('user.noSession')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {u.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
                <span>{t('user.sessionSince', { date: formatDateTime(s.createdAt) })}</span>
                <span className="text-slate-700">{s.ipAddress ?? '—'}</span>
                <span className="min-w-0 flex-1 truncate text-slate-700" title={s.userAgent ?? ''}>
                  {s.userAgent ?? '—'}
                </span>
                <Button
                  tone="secondary"
                  onClick={() => doRevoke(s.id)}
                  disabled={revoke.isPending}
                  aria-label={t('user.revokeOneOf', { date: formatDateTime(s.createdAt) })}
                >
                  {t('user.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/**
 * Identity state, tier and what the 30 days used of each limit (issue 46, item 6): what an
 * operator arriving from an alert judges the person by.
 */
function standingRows(t: TFunction, u: UserDetail): Array<[string, ReactNode]> {
  const limits: Array<[string, ReactNode]> = u.limits.enabled
    ? u.limits.limits.map((l) => [
        t(`user.standing.limitDirections.${l.direction}`),
        l.rolling30Days === null
          ? t('user.standing.limitNone', { used: money(l.used) })
          : t('user.standing.limitUsed', { used: money(l.used), max: money(l.rolling30Days) }),
      ])
    : [];
  return [
    [
      t('user.standing.identity'),
      <span data-testid="user-identity">{t(`user.standing.identityStates.${u.identity}`)}</span>,
    ],
    [t('user.standing.tier'), <span data-testid="user-tier">{t(`user.standing.tiers.${u.limits.tier}`)}</span>],
    ...limits,
  ];
}
