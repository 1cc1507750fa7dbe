import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminDeposit, AdminWithdrawal } from '../../../contracts/cashier';
import { Button } from '../../components/form';
import { Page } from '../../components/Page';
import { useToasts } from '../../components/toast';
import { errorMessage } from '../../lib/errors';
import { useMe, useSignOut } from '../../lib/session';
import { proofLink, useDecision, useQueue, type Kind, type QueueFilter } from './api';
import { FreezePanel } from './FreezePanel';
import { Dialog } from '../../components/Dialog';
import { AdminNav } from './AdminNav';
import { ChainHolds } from './ChainHolds';
import { RequestCard } from './RequestCard';
import { fillReason, type RejectionReason } from '../../../core/rejection-reasons';
import { money } from '../../lib/format';
import { QueueFrame } from './QueueFrame';
import { RejectDialog } from './RejectDialog';
import { IdentityQueue } from './IdentityReview';

// Rarely opened: its code loads with the tab, not with the queues.
const RefundsQueue = lazy(() => import('./RefundsQueue').then((m) => ({ default: m.RefundsQueue })));

/** The queues side by side: money requests, identity verifications (decision 036), chain refunds (decision 059). */
type Tab = Kind | 'identities' | 'refunds';

const statuses: QueueFilter[] = ['pending', 'waiting', 'approved', 'rejected', 'all'];

function Queue({ kind }: { kind: Kind }) {
  const { t } = useTranslation('admin');
  const toast = useToasts();
  const [status, setStatus] = useState<QueueFilter>('pending');
  const { data: me } = useMe();
  const queue = useQueue(kind, status);
  const decision = useDecision();
  const [rejecting, setRejecting] = useState<AdminDeposit | AdminWithdrawal | null>(null);
  /** The last refused approval, shown on its card (a withdrawal's payout transaction, decision 057). */
  const [refused, setRefused] = useState<{ id: string; message: string } | null>(null);
  const [proof, setProof] = useState<{ name: string; url: string | null } | null>(null);
  const singular = kind === 'deposits' ? 'deposit' : 'withdrawal';

  const decide = (
    request: AdminDeposit | AdminWithdrawal,
    action: 'approve' | 'reject',
    why?: { reason?: RejectionReason; note?: string; payoutTxid?: string },
  ) =>
    decision.mutate(
      { kind, id: request.id, action, ...why },
      {
        onSuccess: (done) => {
          setRefused(null);
          toast.success(
            done.stage === 'awaiting_second'
              ? t('firstApprovalRecorded')
              : t(`${singular}${action === 'approve' ? 'Approved' : 'Rejected'}`),
          );
        },
        onError: (err) => {
          const message = errorMessage(t, err, { name: request.user.fullName });
          if (action === 'approve') setRefused({ id: request.id, message });
          toast.error(t(action === 'approve' ? 'approveFailed' : 'rejectFailed', { message }));
        },
      },
    );

  const openProofOf = async (id: string, name: string) => {
    try {
      const link = await proofLink(id);
      setProof({ name, url: link.url });
    } catch {
      setProof({ name, url: null });
    }
  };
  const openProof = (request: AdminDeposit) => openProofOf(request.id, request.user.fullName);

  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <QueueFrame
        filters={statuses}
        status={status}
        onStatus={setStatus}
        labelOf={(s) => t(`status.${s}`)}
        queue={queue}
        count={items.length}
        listClassName="grid gap-4 lg:grid-cols-2"
      >
        {items.map((r) => (
          <RequestCard
            key={r.id}
            request={r}
            operatorId={me?.id}
            busy={decision.isPending}
            approveError={refused?.id === r.id ? refused.message : null}
            onApprove={(payout) => decide(r, 'approve', payout)}
            onReject={() => setRejecting(r)}
            onProof={'hasProof' in r ? () => void openProof(r) : undefined}
            onOtherProof={(id, name) => void openProofOf(id, name)}
          />
        ))}
      </QueueFrame>
      <RejectDialog
        open={rejecting !== null}
        kind={singular}
        preview={(text) =>
          rejecting
            ? fillReason(text, {
                amount: money(rejecting.amount),
                ...('crypto' in rejecting ? { crypto: rejecting.crypto, address: rejecting.address } : {}),
              })
            : text
        }
        onClose={() => setRejecting(null)}
        onConfirm={(why) => rejecting && decide(rejecting, 'reject', why)}
      />
      <Dialog open={proof !== null} title={t('proofTitle', { name: proof?.name ?? '' })} onClose={() => setProof(null)}>
        {proof?.url ? (
          <img
            src={proof.url}
            alt={t('proofTitle', { name: proof.name })}
            className="max-h-[70vh] w-full rounded-lg object-contain"
          />
        ) : (
          <p>{t('noImage')}</p>
        )}
        <div className="mt-4 flex justify-end">
          <Button tone="secondary" onClick={() => setProof(null)}>
            {t('close')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

export function AdminPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('deposits');
  // The tab lights up at once; its queue (many cards) renders in the background, interruptibly,
  // while the previous one stays dimmed and out of reach (an operator never acts on a stale card).
  const shown = useDeferredValue(tab);
  const stale = shown !== tab;
  // The same element while `shown` holds: the urgent render does not redraw the old cards.
  const queue = useMemo(
    () =>
      shown === 'identities' ? (
        <IdentityQueue />
      ) : shown === 'refunds' ? (
        <Suspense fallback={null}>
          <RefundsQueue />
        </Suspense>
      ) : (
        <Queue key={shown} kind={shown} />
      ),
    [shown],
  );
  const signOut = useSignOut();
  const navigate = useNavigate();
  const tabs: Tab[] = ['deposits', 'withdrawals', 'identities', 'refunds'];
  return (
    <Page title={t('title')} description={t('metaDescription')} wide>
      <AdminNav />
      {/* Withdrawals of a person with an open blockchain hold are refused until it is released (decision 058). */}
      <div className="mb-4 empty:hidden">
        <ChainHolds />
      </div>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <div
          role="tablist"
          aria-label={t('title')}
          className="flex max-w-full flex-wrap gap-1 rounded-xl bg-slate-200 p-1"
        >
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`tab-${k}`}
              aria-selected={tab === k}
              // Only the panel on screen exists (the chosen tab's, once its render is done).
              aria-controls={shown === k ? `panel-${k}` : undefined}
              onClick={() => setTab(k)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
                  const next = tabs[(tabs.indexOf(k) + step) % tabs.length]!;
                  setTab(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }
              }}
              tabIndex={tab === k ? 0 : -1}
              className={`rounded-lg px-3 py-2 text-sm font-semibold sm:px-4 ${tab === k ? 'bg-white text-brand-900 shadow' : 'text-slate-700 hover:text-brand-900'}`}
            >
              {t(`tabs.${k}`)}
            </button>
          ))}
        </div>
        <span className="inline-flex items-center gap-2 text-xs font-medium text-emerald-700">
          <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
          {t('live')}
        </span>
        <Button
          tone="secondary"
          className="ml-auto"
          onClick={() => void signOut().then(() => navigate('/admin-login'))}
        >
          {t('logout')}
        </Button>
      </div>
      <div
        role="tabpanel"
        id={`panel-${shown}`}
        aria-labelledby={`tab-${shown}`}
        aria-busy={stale}
        inert={stale}
        className={stale ? 'opacity-60' : undefined}
      >
        {queue}
      </div>
      <div className="mt-10">
        <FreezePanel />
      </div>
    </Page>
  );
}
