import type { Area } from '../../../core/areas';
import type { Fact, Topic } from '../../../core/assistant/facts';
import { resolveChainDeposit } from '../../../core/assistant/resolvers/chain-deposit';
import { resolveDeposit } from '../../../core/assistant/resolvers/deposit';
import { resolveInvestments } from '../../../core/assistant/resolvers/investment';
import { resolveLimits } from '../../../core/assistant/resolvers/limits';
import { resolvePortfolio } from '../../../core/assistant/resolvers/portfolio';
import { resolveTransfers } from '../../../core/assistant/resolvers/transfer';
import { resolveWithdrawal } from '../../../core/assistant/resolvers/withdrawal';
import type { AppContext } from '../../context';
import { findContact, findSecurityChanges } from '../accounts/security.repo';
import { chainPaymentsOf } from '../chain/chain-payments.service';
import { findAddressOf } from '../chain/deposit-address.repo';
import { findFreeze } from '../freeze/freeze.repo';
import { activeInvestments } from '../investing/investing.repo';
import { storedInvestmentValue } from '../investing/valuation';
import { getMoneySummary } from '../ledger/summary';
import type { LimitsService } from '../limits/limits.service';
import type { PriceReader } from '../portfolio/portfolio.service';
import * as repo from './account-facts.repo';

/** One cause the assistant can explain: reads what it needs, then states it through a core resolver. */
type Resolver = (userId: string, now: Date) => Promise<Fact[]>;

/**
 * The investor's own facts per question. A topic lists its resolvers in the order their facts are
 * shown; a new cause (an identity tier limit, a rejection reason with its fix link) is one more
 * resolver appended to its topic.
 */
export function createAccountFactsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  prices: PriceReader,
  limits: Pick<LimitsService, 'standing'>,
) {
  const { db } = ctx;

  const withdrawal: Resolver = async (userId, now) => {
    const [money, freeze, contact, changes, pending, standing] = await Promise.all([
      getMoneySummary(db, userId, now),
      findFreeze(db, userId),
      findContact(db, userId),
      findSecurityChanges(db, userId),
      repo.pendingWithdrawals(db, userId),
      limits.standing(userId),
    ]);
    return resolveWithdrawal(
      {
        frozen: Boolean(freeze),
        supportEmail: ctx.config.supportEmail,
        emailVerified: contact?.verified ?? false,
        firstInvestmentAt: money.firstInvestmentDate,
        passwordChangedAt: changes.passwordChangedAt?.toISOString() ?? null,
        secondFactorRemovedAt: changes.secondFactorRemovedAt?.toISOString() ?? null,
        availableCents: money.balanceCents,
        investedCents: money.investedCents,
        heldCents: money.withdrawalHoldCents,
        pending: pending.map((p) => ({
          amountCents: Number(p.amount_cents),
          createdAt: p.created_at,
          firstApprovedAt: p.first_approved_at ?? null,
        })),
        limits: standing.limits,
      },
      now,
    );
  };

  const tierLimits: Resolver = async (userId) => resolveLimits((await limits.standing(userId)).limits);

  /** The person's payments on chain (issue 45, point 7), or the address that waits for one. */
  const chainDeposit: Resolver = async (userId) => {
    const chain = await chainPaymentsOf(ctx, userId);
    const watched = chain.followed.map((f) => f.coin);
    const followed = [...watched, ...(chain.claims ?? []).map((c) => c.coin)];
    const addresses =
      chain.payments.length > 0
        ? []
        : (await Promise.all(watched.map((coin) => findAddressOf(db, userId, coin)))).flatMap((a) =>
            a ? [{ coin: a.coin as 'BTC' | 'LTC', address: a.address }] : [],
          );
    return resolveChainDeposit({ followed, addresses, payments: chain.payments, minimum: chain.minimum });
  };

  const deposit: Resolver = async (userId, now) => {
    const rows = await repo.recentDeposits(db, userId);
    const deposits = await Promise.all(
      rows.map(async (d) => ({
        amountCents: Number(d.amount_cents),
        status: d.status,
        createdAt: d.created_at,
        processedAt: d.processed_at,
        adminNotes: d.admin_notes,
        reasonCode: d.reason_code ?? null,
        firstApprovedAt: d.first_approved_at ?? null,
        ahead: d.status === 'pending' ? await repo.pendingDepositsAhead(db, d) : 0,
      })),
    );
    return resolveDeposit({ deposits }, now);
  };

  /**
   * "Où est mon dépôt ?": the payments on chain first, then the deposits as the history shows them.
   * The address still waiting for a payment is the answer only when there is nothing else to tell
   * (it replaces "no deposit"); "no deposit" is never said beside a payment on its way.
   */
  const depositAnswer: Resolver = async (userId, now) => {
    const [chain, classic] = await Promise.all([chainDeposit(userId, now), deposit(userId, now)]);
    const payments = chain.filter((f) => f.key !== 'deposit.chain.waiting');
    const others = classic.filter((f) => f.key !== 'deposit.none');
    if (payments.length + others.length > 0) return [...payments, ...others];
    const waiting = chain.filter((f) => f.key === 'deposit.chain.waiting');
    return waiting.length > 0 ? waiting : classic;
  };

  /** Active investments valued now, with the same rule as the portfolio and a stop. */
  const valuedInvestments = async (userId: string) => {
    const rows = await activeInvestments(db, userId);
    let btc: number | null = null;
    if (rows.some((r) => r.area === 'crypto')) {
      // A failing feed values crypto at its stored value, as the portfolio does (spec §4).
      btc = await prices.current().then(
        (p) => p?.priceCents ?? null,
        () => null,
      );
    }
    return rows.map((r) => ({
      area: r.area as Area,
      amountCents: Number(r.amount_cents),
      valueCents: storedInvestmentValue(r, btc),
      createdAt: r.created_at,
    }));
  };

  const investments: Resolver = async (userId, now) =>
    resolveInvestments({ active: await valuedInvestments(userId) }, now);

  const portfolio: Resolver = async (userId, now) => {
    const [active, summary] = await Promise.all([valuedInvestments(userId), getMoneySummary(db, userId, now)]);
    return resolvePortfolio({ active, availableCents: summary.balanceCents });
  };

  const transfers: Resolver = async (userId) => {
    const { sent, received } = await repo.recentTransfers(db, userId);
    const recent = [
      ...sent.map((t) => ({
        direction: 'sent' as const,
        amountCents: Number(t.amount_cents),
        counterpartUid: t.uid,
        at: t.created_at,
      })),
      ...received.map((t) => ({
        direction: 'received' as const,
        amountCents: Number(t.amount_cents),
        counterpartUid: t.uid,
        at: t.created_at,
      })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    return resolveTransfers({ recent });
  };

  const resolvers: Record<Topic, Resolver[]> = {
    withdraw: [withdrawal],
    deposit: [depositAnswer],
    stop: [investments],
    transfer: [transfers],
    limits: [tierLimits],
    portfolio: [portfolio],
  };

  return {
    async facts(userId: string, topic: Topic): Promise<Fact[]> {
      const now = ctx.clock.now();
      const parts = await Promise.all(resolvers[topic].map((resolve) => resolve(userId, now)));
      return parts.flat();
    },
  };
}
