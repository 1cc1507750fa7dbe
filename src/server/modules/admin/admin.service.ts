import { DomainError } from '../../../core/errors';
import { depositPostings, withdrawalReleasePostings, withdrawalSettlePostings } from '../../../core/ledger';
import { toDecimalString } from '../../../core/money';
import type { AdminDeposit, AdminWithdrawal } from '../../../contracts/cashier';
import type { AppContext } from '../../context';
import type { Notifier } from '../notifier';
import { proofMatches } from '../backoffice/proof-match';
import { toDeposit } from '../cashier/deposits.service';
import { paidTo } from '../chain/paid-to';
import { chainPaymentCredited } from '../chain/chain-credit.steps';
import { evidenceOf } from '../chain/evidence';
import { correctedAmong } from '../cashier/versions';
import { versionsOf } from '../cashier/cashier.repo';
import {
  investorReason,
  isRejectionReason,
  rejectionReasons,
  type RejectionReason,
} from '../../../core/rejection-reasons';
import { toWithdrawal } from '../cashier/withdrawals.service';
import { InsufficientFunds } from '../ledger/ledger.service';
import type { Movements } from '../ledger/movement';
import { insert, type Money as PlanMoney, type Row, type Step, type Where } from '../ledger/plan';
import { notFrozen } from '../freeze/freeze.steps';
import { notClosing } from '../closure/closure.steps';
import { noChainHold } from '../chain/chain-holds.steps';
import type { LimitsService } from '../limits/limits.service';
import type { LimitDirection } from '../../../core/tiers';
import type { Database } from '../../db/schema';
import { timeOrderedId } from '../../../core/ids';
import { auditRow, type AuditSource } from '../audit/audit.service';
import { outboxRow } from '../notifications/outbox';
import { signProofLink, PROOF_LINK_TTL_S } from '../storage/signed-link';
import { identitySlots, isExpired } from '../../../core/identity';
import type { AdminIdentity } from '../../../contracts/identity';
import * as identityRepo from '../identity/identity.repo';
import { filesOf, pathOf } from '../identity/identity.service';
import * as repo from './admin.repo';
import type { DecisionRow } from './admin.repo';
import { decodeCursor, encodeCursor } from '../../db/page-cursor';
import { operatorNamed, type FirstApproverRow } from './operator-named';
import { depositHoldsOf, standingsOf } from './standings';
import type { PayoutCheck } from '../chain/payout.service';
import { explorerLink } from '../../../core/payout';
import type { CryptoType } from '../../../core/crypto-address';
import { isUniqueViolation } from '../../db/errors';

type Status = 'pending' | 'approved' | 'rejected';

/** An operator's rejection: a code of the catalogue and an internal note the person never sees. */
export interface Rejection {
  reason: RejectionReason;
  note?: string | undefined;
}

function page<T extends { created_at: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { rows: items, nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

type Kind = 'deposit' | 'withdrawal' | 'identity';
type Template =
  | 'deposit_approved'
  | 'deposit_rejected'
  | 'withdrawal_approved'
  | 'withdrawal_rejected'
  | 'identity_verified'
  | 'identity_rejected';

interface ReviewRow extends FirstApproverRow {
  user_id: string;
  amount_cents: number;
  status: Status;
  first_approved_at: string | null;
  frozen_at: string | null;
}

export function createAdminService(
  ctx: AppContext,
  notifier: Notifier,
  movements: Movements,
  limits: LimitsService,
  payouts: PayoutCheck,
) {
  const standings = (userIds: string[], direction: LimitDirection) => standingsOf(limits, userIds, direction);

  const { db, clock, config } = ctx;
  /** Dual control (decision 015): money from DUAL_CONTROL_FROM, identities when DUAL_CONTROL_IDENTITY is on. */
  const needsTwo = (kind: Kind, amountCents: number) =>
    kind === 'identity' ? config.dualControlIdentity : amountCents >= config.dualControlFromCents;

  function review(
    kind: Kind,
    r: Pick<ReviewRow, 'user_id' | 'first_approved_at' | keyof FirstApproverRow> & {
      status: string;
      amount_cents?: number;
    },
    operatorId: string | undefined,
  ) {
    const two = needsTwo(kind, Number(r.amount_cents ?? 0));
    return {
      stage:
        r.status !== 'pending'
          ? ('decided' as const)
          : r.first_approved_by
            ? ('awaiting_second' as const)
            : ('awaiting_first' as const),
      needsSecondApproval: two,
      firstApproval:
        r.first_approved_by && r.first_approved_at
          ? { by: r.first_approved_by, ...operatorNamed(r), at: r.first_approved_at }
          : null,
      own: r.user_id === operatorId,
    };
  }

  const tables = {
    deposit: 'deposit_request',
    withdrawal: 'withdrawal_request',
    identity: 'identity_verification',
  } as const;

  /** The column that keeps the journal row that decided the request (a deposit's credit, a withdrawal's settlement). */
  const decidedBy = { deposit: 'tx_id', withdrawal: 'settle_tx_id', identity: 'none' } as const;

  /** The money a step moves: core's postings (the journal row is the person's, by the operator, for the request). */
  type Money = Pick<PlanMoney, 'type' | 'postings'>;

  /** What an operator's step does to the request, the money it moves, and what the trail says of it. */
  interface Decision {
    /** The request's columns it sets. */
    change: Row;
    /** The first approval the operator saw (null: none): if it changed meanwhile, nothing is written. Unset: not checked. */
    seenFirst?: string | null;
    money?: Money;
    /** The request keeps this step's journal row as the one that decided it. */
    linkTx?: boolean;
    /** Checks of the person's account in the same transaction (a frozen account's withdrawal). */
    checks?: Step[];
    email?: (now: Date) => Database['email_outbox'];
    action: string;
    before: unknown;
    after: (txId: string | null) => unknown;
  }

  /**
   * An operator's step on a request that is not their own and still pending: read once, decided here
   * (core's postings, the dual-control rule), then written as one plan (one round trip on
   * PostgreSQL): the request's conditional change, the money it moves, the audit row and the
   * e-mail, together or not at all. Whatever raced since the read, one outcome commits.
   */
  async function step(
    kind: Kind,
    operatorId: string,
    id: string,
    source: AuditSource,
    decide: (row: DecisionRow, at: Date) => Decision | Promise<Decision>,
  ): Promise<void> {
    const table = tables[kind];
    const row =
      table === 'identity_verification' ? await repo.findIdentity(db, id) : await repo.findRequest(db, table, id);
    if (!row) throw new DomainError('request_not_found');
    if (row.user_id === operatorId) throw new DomainError('own_request');
    if (row.status !== 'pending') throw new DomainError('request_not_pending');
    const at = clock.now();
    const d = await decide(row, at);
    const txId = d.money ? timeOrderedId() : null;
    const audit = auditRow(
      {
        actorId: operatorId,
        action: `${kind}.${d.action}`,
        target: { type: table, id },
        source,
        before: d.before,
        after: d.after(txId),
      },
      at,
    );
    const stage: Where = d.seenFirst === undefined ? {} : { first_approved_by: { is: d.seenFirst } };
    try {
      await movements.apply(
        { userId: row.user_id, key: undefined, request: null },
        {
          money: d.money && {
            ...d.money,
            txId: txId!,
            userId: row.user_id,
            createdBy: operatorId,
            ref: { type: table, id },
          },
          steps: [
            // Held until the commit: a concurrent decision is either seen here or waits for this one.
            {
              do: 'require',
              table,
              where: { id, status: 'pending' },
              lock: true,
              refuse: { code: 'request_not_pending' },
            },
            ...(d.checks ?? []),
            {
              do: 'update',
              table,
              set: d.linkTx ? { ...d.change, [decidedBy[kind]]: txId } : d.change,
              where: { id, status: 'pending', ...stage },
              refuse: { code: 'request_stage_changed' },
            },
            ...(d.email ? [insert('email_outbox', d.email(at))] : []),
            insert('audit_log', audit),
          ],
          respond: () => undefined,
        },
        at,
      );
    } catch (err) {
      if (err instanceof InsufficientFunds) throw new DomainError('user_insufficient_funds');
      throw err;
    }
    notifier.requestChanged(row.user_id, kind);
  }

  /** The e-mail of a decision, to the person's address in their language (none without a profile). */
  function email(row: DecisionRow, template: Template, params: Record<string, string | boolean>) {
    if (!row.email) return undefined;
    const to = row.email;
    return (now: Date) =>
      outboxRow({ userId: row.user_id, to, template, locale: row.locale ?? 'fr', params: params as never, now });
  }

  interface Settled {
    money?: Money;
    template: Template;
    params: Record<string, string>;
    /** The decided status: `approved`, or an identity's `verified`. */
    status?: string;
    /** Checks of the approval's own plan (a deposit's tier limits). */
    checks?: Step[];
    /** Steps of the approval that moves the money only (not of a first approval of two). */
    settles?: Step[];
    /** More of the request's columns the settling step sets (a withdrawal's payout transaction). */
    change?: Row;
  }

  /**
   * Approves: below the dual-control threshold, or as the second of two different operators, it
   * moves the money; at or above it without an earlier approval, it records the first approval.
   * A withdrawal of a frozen account is neither approved nor half-approved.
   */
  async function approve(
    kind: Kind,
    operatorId: string,
    id: string,
    source: AuditSource,
    settle: (row: DecisionRow, at: Date, final: boolean) => Settled | Promise<Settled>,
  ): Promise<'awaiting_second' | 'approved'> {
    let stage: 'awaiting_second' | 'approved' = 'approved';
    await step(kind, operatorId, id, source, async (row, at): Promise<Decision> => {
      const first = row.first_approved_by ?? null;
      // What settling would refuse (an expired document, a limit) refuses a first approval too.
      const settled = await settle(row, at, !(needsTwo(kind, Number(row.amount_cents)) && !first));
      const checks = [
        ...(kind === 'withdrawal' ? [notFrozen(row.user_id, 'user_frozen')] : []),
        ...(settled.checks ?? []),
      ];
      if (needsTwo(kind, Number(row.amount_cents)) && !first) {
        stage = 'awaiting_second';
        return {
          checks,
          change: { first_approved_by: operatorId, first_approved_at: at.toISOString() },
          seenFirst: null,
          action: 'approve_first',
          before: { status: 'pending', firstApprovedBy: null },
          after: () => ({ status: 'pending', firstApprovedBy: operatorId }),
        };
      }
      if (needsTwo(kind, Number(row.amount_cents)) && first === operatorId)
        throw new DomainError('second_approval_same_operator');
      const { money, template, params, status = 'approved' } = settled;
      const change: Row = { ...settled.change, status, processed_at: at.toISOString(), processed_by: operatorId };
      return {
        checks: [...checks, ...(settled.settles ?? [])],
        money,
        linkTx: money !== undefined,
        change: kind === 'identity' ? change : { ...change, admin_notes: null },
        // A second approval completes the first one it saw.
        ...(first ? { seenFirst: first } : {}),
        email: email(row, template, params),
        action: first ? 'approve_second' : 'approve',
        before: { status: 'pending', firstApprovedBy: first },
        after: (txId) => (money ? { status, txId } : { status }),
      };
    });
    return stage;
  }

  /**
   * Rejects with a reason of the catalogue that applies to this kind of request, and an optional
   * internal note that only operators see. The reason's retryable flag is written with it: the
   * person's correction is checked against that row. The e-mail carries the investor-facing code.
   */
  async function reject(
    kind: Kind,
    operatorId: string,
    id: string,
    input: Rejection,
    source: AuditSource,
    release?: (row: DecisionRow) => Money,
  ) {
    const spec = rejectionReasons[input.reason];
    if (!(spec.appliesTo as readonly string[]).includes(kind)) throw new DomainError('reject_reason_not_applicable');
    const note = input.note?.trim() || null;
    await step(kind, operatorId, id, source, (row, at): Decision => {
      // A chain payment is not corrected with a screenshot: a rejected one goes to the refunds (decision 062).
      const retryable = spec.retryable && !row.chain_txid;
      const canCorrect = retryable && (row.version ?? 1) < config.limits.correctionMaxVersions;
      const reasonCode = investorReason(input.reason);
      return {
        money: release?.(row),
        change: {
          status: 'rejected',
          processed_at: at.toISOString(),
          processed_by: operatorId,
          ...(kind === 'identity' ? {} : { admin_notes: null }),
          reason_code: input.reason,
          reason_retryable: retryable ? 1 : 0,
          internal_note: note,
        },
        email: email(
          row,
          `${kind}_rejected`,
          kind === 'identity'
            ? { reasonCode, canCorrect }
            : {
                amount: toDecimalString(Number(row.amount_cents)),
                reasonCode,
                canCorrect,
                ...(row.crypto_type ? { crypto: row.crypto_type } : {}),
                ...(row.wallet_address ? { address: row.wallet_address } : {}),
              },
        ),
        action: 'reject',
        before: { status: 'pending', firstApprovedBy: row.first_approved_by ?? null },
        after: () => ({ status: 'rejected', reason: input.reason, note }),
      };
    });
  }

  /** Each listed request's versions, first to last, by the chain it belongs to. */
  async function versionsByRoot(
    table: (typeof tables)['deposit' | 'withdrawal'],
    rows: Array<{ id: string; root_id?: string | null }>,
  ) {
    const chains = await versionsOf(db, table, [...new Set(rows.map((r) => r.root_id ?? r.id))]);
    const byRoot = new Map<string, typeof chains>();
    for (const v of chains) byRoot.set(v.root_id ?? v.id, [...(byRoot.get(v.root_id ?? v.id) ?? []), v]);
    return (r: { id: string; root_id?: string | null }) => {
      const chain = byRoot.get(r.root_id ?? r.id) ?? [];
      return {
        versions: chain.map((v) => ({
          id: v.id,
          version: v.version ?? 1,
          amount: toDecimalString(Number(v.amount_cents)),
          status: v.status,
          reason: isRejectionReason(v.reason_code) ? v.reason_code : null,
          createdAt: v.created_at,
        })),
        view: {
          corrected: correctedAmong(chain),
          maxVersions: config.limits.correctionMaxVersions,
        },
      };
    };
  }

  /** What only operators see of a rejection: the catalogue code (final ones included) and the internal note. */
  const operatorView = (r: { reason_code?: string | null; internal_note?: string | null }) => ({
    reason: isRejectionReason(r.reason_code) ? r.reason_code : null,
    internalNote: r.internal_note ?? null,
  });

  return {
    async deposits(
      status: Status | undefined,
      cursor: string | undefined,
      limit: number,
      view: { operatorId?: string; waitingForMe?: boolean } = {},
    ): Promise<{ items: AdminDeposit[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(
        await repo.depositPage(db, {
          status,
          waitingFor: view.waitingForMe ? view.operatorId : undefined,
          after: decodeCursor(cursor, (createdAt, id) => ({ createdAt, id })),
          limit,
        }),
        limit,
      );
      const [matches, versions, standing, held] = await Promise.all([
        proofMatches(
          db,
          rows.map((r) => r.id),
        ),
        versionsByRoot('deposit_request', rows),
        standings(
          rows.map((r) => r.user_id),
          'deposit',
        ),
        depositHoldsOf(limits, rows),
      ]);
      return {
        nextCursor,
        items: rows.map((r) => ({
          ...toDeposit(r, versions(r).view),
          ...operatorView(r),
          versions: versions(r).versions,
          processedBy: r.processed_by,
          ...review('deposit', r as ReviewRow, view.operatorId),
          user: {
            id: r.user_id,
            fullName: r.full_name,
            email: r.email,
            uid: r.uid,
            frozen: r.frozen_at !== null,
            ...standing(r.user_id),
          },
          sameImageAs: matches.get(r.id) ?? [],
          paidTo: paidTo(r),
          chain: evidenceOf(r, config),
          heldByLimit: held(r),
        })),
      };
    },

    async withdrawals(
      status: Status | undefined,
      cursor: string | undefined,
      limit: number,
      view: { operatorId?: string; waitingForMe?: boolean } = {},
    ): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(
        await repo.withdrawalPage(db, {
          status,
          waitingFor: view.waitingForMe ? view.operatorId : undefined,
          after: decodeCursor(cursor, (createdAt, id) => ({ createdAt, id })),
          limit,
        }),
        limit,
      );
      const [versions, standing] = await Promise.all([
        versionsByRoot('withdrawal_request', rows),
        standings(
          rows.map((r) => r.user_id),
          'withdrawal',
        ),
      ]);
      return {
        nextCursor,
        items: rows.map((r) => ({
          ...toWithdrawal(r, versions(r).view, config),
          payoutChecked: payouts.verifies(r.crypto_type),
          ...operatorView(r),
          versions: versions(r).versions,
          processedBy: r.processed_by,
          ...review('withdrawal', r as ReviewRow, view.operatorId),
          user: {
            id: r.user_id,
            fullName: r.full_name,
            email: r.email,
            uid: r.uid,
            frozen: r.frozen_at !== null,
            ...standing(r.user_id),
            balance: toDecimalString(Number(r.balance_cents ?? 0)),
          },
        })),
      };
    },

    approveDeposit: (operatorId: string, id: string, source: AuditSource) =>
      approve('deposit', operatorId, id, source, async (row, at) => ({
        money: { type: 'deposit', postings: depositPostings(row.user_id, Number(row.amount_cents)) },
        template: 'deposit_approved',
        params: { amount: toDecimalString(Number(row.amount_cents)) },
        // The person's deposit limits, decided in the transaction that credits the money.
        // A deposit filed before its owner asked to close may still land (the closure then waits for
        // its payout); none filed after (decision 039).
        checks: [
          notClosing(row.user_id, 'user_account_closing', row.created_at ?? undefined),
          ...(await limits.checkApproval(row.user_id, 'deposit', Number(row.amount_cents))),
          ...(row.chain_txid ? chainPaymentCredited(id).confirmed : []),
        ],
        settles: row.chain_txid ? chainPaymentCredited(id).credited(at) : [],
      })),

    rejectDeposit: (operatorId: string, id: string, rejection: Rejection, source: AuditSource) =>
      reject('deposit', operatorId, id, rejection, source),

    /**
     * Approves a withdrawal; the approval that settles it (the only one, or the second under dual
     * control) carries the payout transaction (decision 057), checked on chain where the coin has a
     * provider: a transaction that does not pay this withdrawal is refused and nothing is written.
     */
    async approveWithdrawal(
      operatorId: string,
      id: string,
      source: AuditSource,
      input: { payoutTxid?: string | undefined } = {},
    ) {
      try {
        return await approve('withdrawal', operatorId, id, source, async (row, at, final) => {
          if (!final && input.payoutTxid !== undefined && input.payoutTxid.trim() !== '')
            throw new DomainError('payout_txid_too_early');
          const payout = final ? await payouts.check({ ...row, id }, input.payoutTxid, at) : null;
          const link = payout?.payout_txid
            ? explorerLink(config.payouts.explorers[row.crypto_type as CryptoType], payout.payout_txid)
            : null;
          return {
            money: {
              type: 'withdrawal_settle',
              postings: withdrawalSettlePostings(row.user_id, Number(row.amount_cents)),
            },
            template: 'withdrawal_approved',
            params: {
              amount: toDecimalString(Number(row.amount_cents)),
              crypto: row.crypto_type ?? '',
              ...(payout?.payout_txid ? { txid: payout.payout_txid } : {}),
              ...(link ? { explorerUrl: link } : {}),
            },
            // A person whose credited payment left the chain is held (decision 058).
            checks: [noChainHold(row.user_id)],
            ...(payout ? { change: { ...payout } } : {}),
          };
        });
      } catch (err) {
        // Two approvals racing with one transaction: the unique index decides, one settles.
        if (isUniqueViolation(err) && input.payoutTxid) throw new DomainError('payout_txid_used');
        throw err;
      }
    },

    rejectWithdrawal: (operatorId: string, id: string, rejection: Rejection, source: AuditSource) =>
      reject('withdrawal', operatorId, id, rejection, source, (row) => ({
        type: 'withdrawal_release',
        postings: withdrawalReleasePostings(row.user_id, Number(row.amount_cents)),
      })),

    /** Identity verifications, newest first, with every version and other people's files that are the same image. */
    async identities(
      status: 'pending' | 'verified' | 'rejected' | undefined,
      cursor: string | undefined,
      limit: number,
      view: { operatorId?: string; waitingForMe?: boolean } = {},
    ): Promise<{ items: AdminIdentity[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(
        await identityRepo.identityPage(db, {
          status,
          waitingFor: view.waitingForMe ? view.operatorId : undefined,
          after: decodeCursor(cursor, (createdAt, id) => ({ createdAt, id })),
          limit,
        }),
        limit,
      );
      const paths = rows.flatMap((r) => identitySlots.flatMap((slot) => pathOf(r, slot) ?? []));
      const [chains, matches, history] = await Promise.all([
        identityRepo.identityVersionsOf(db, [...new Set(rows.map((r) => r.root_id ?? r.id))]),
        identityRepo.identityMatchesOf(db, paths),
        identityRepo.identityHistoryOf(db, [...new Set(rows.map((r) => r.user_id))]),
      ]);
      const today = clock.now();
      return {
        nextCursor,
        items: rows.map((r) => {
          const mine = new Map(identitySlots.map((slot) => [pathOf(r, slot), slot] as const));
          const root = r.root_id ?? r.id;
          // The person's earlier chains; the same rule as the investor's side: a submission sent after
          // one of theirs was verified renews it.
          const before = history.filter(
            (h) => h.user_id === r.user_id && (h.root_id ?? h.id) !== root && h.created_at < r.created_at,
          );
          return {
            id: r.id,
            status: r.status,
            documentType: r.document_type as AdminIdentity['documentType'],
            documentNumber: r.document_number,
            documentExpiry: r.document_expiry,
            expired: isExpired(r.document_expiry, today),
            createdAt: r.created_at,
            processedAt: r.processed_at,
            processedBy: r.processed_by,
            files: filesOf(r),
            user: { id: r.user_id, fullName: r.full_name, email: r.email, uid: r.uid, birthDate: r.birth_date },
            ...operatorView(r),
            version: r.version,
            previousId: r.previous_id,
            versions: chains
              .filter((v) => (v.root_id ?? v.id) === (r.root_id ?? r.id))
              .map((v) => ({
                id: v.id,
                version: v.version,
                status: v.status,
                reason: isRejectionReason(v.reason_code) ? v.reason_code : null,
                createdAt: v.created_at,
              })),
            renewal: before.some((h) => h.status === 'verified' && (h.processed_at ?? '') <= r.created_at),
            history: before.map((h) => ({
              id: h.id,
              status: h.status,
              documentType: h.document_type as AdminIdentity['documentType'],
              documentExpiry: h.document_expiry,
              reason: isRejectionReason(h.reason_code) ? h.reason_code : null,
              createdAt: h.created_at,
              processedAt: h.processed_at,
            })),
            ...review('identity', r, view.operatorId),
            sameImageAs: matches.flatMap((m) => {
              const slot = mine.get(m.path);
              return slot
                ? [
                    {
                      slot,
                      otherSlot: m.other_slot as AdminIdentity['files'][number],
                      kind: m.kind,
                      distance: Number(m.distance),
                      verificationId: m.verification_id,
                      createdAt: m.created_at,
                      user: { id: m.user_id, fullName: m.full_name, uid: m.uid },
                    },
                  ]
                : [];
            }),
          };
        }),
      };
    },

    /**
     * Verifies an identity (with DUAL_CONTROL_IDENTITY, as the second of two operators); a document
     * that has expired since it was sent is refused, first approval included.
     */
    verifyIdentity: (operatorId: string, id: string, source: AuditSource) =>
      approve('identity', operatorId, id, source, (row, at) => {
        if (row.document_expiry && isExpired(row.document_expiry, at))
          throw new DomainError('identity_document_expired', { expiry: row.document_expiry });
        return { template: 'identity_verified', params: {}, status: 'verified' };
      }),

    rejectIdentity: (operatorId: string, id: string, rejection: Rejection, source: AuditSource) =>
      reject('identity', operatorId, id, rejection, source),

    /** Links to a verification's images that work for 3600 s, for operators only (the route checks the role). */
    async identityFiles(id: string) {
      const found = await identityRepo.findVerification(db, id);
      if (!found) throw new DomainError('request_not_found');
      const now = clock.now();
      return {
        expiresAt: new Date(now.getTime() + PROOF_LINK_TTL_S * 1000).toISOString(),
        files: filesOf(found).map((slot) => ({
          slot,
          url: signProofLink(config.authSecret, pathOf(found, slot)!, now),
        })),
      };
    },

    /** A link to the proof that works for 3600 s, for operators only (the route checks the role). */
    async proofLink(id: string): Promise<{ url: string; expiresAt: string }> {
      const found = await repo.findDeposit(db, id);
      if (!found) throw new DomainError('request_not_found');
      if (!found.proof_path) throw new DomainError('not_found');
      const now = clock.now();
      return {
        url: signProofLink(config.authSecret, found.proof_path, now),
        expiresAt: new Date(now.getTime() + PROOF_LINK_TTL_S * 1000).toISOString(),
      };
    },
  };
}
