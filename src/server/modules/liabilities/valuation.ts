import { DomainError } from '../../../core/errors';
import { storedInvestmentValue } from '../investing/valuation';
import type { CurrentPrice } from '../market/market.service';
import type { LedgerSnapshot } from './liabilities.repo';

/** The BTC price a round counted crypto investments at: cents per BTC, and when the provider gave it. */
export interface RoundPrice {
  cents: number;
  at: string;
}

export interface ValuedSnapshot {
  /** Per investor owed more than nothing: available + held + each active investment at what stopping it would credit. */
  owed: Map<string, number>;
  /** What the investments add to the book (principal) values: market value minus principal, summed. */
  revaluation: number;
  /** The price used, or null when no counted investment depended on one. */
  price: RoundPrice | null;
}

/**
 * What each investor is owed at the snapshot (decision 052): the book balances, with every active
 * investment counted at what a stop would credit, through the very function the stop and the
 * portfolio use. A round whose crypto investments need a price refuses to be counted without a
 * fresh one (none at all, or older than PRICE_STALE_AFTER_S): never at a made-up or stale price.
 */
export function valueAtSnapshot(
  snapshot: Pick<LedgerSnapshot, 'owed' | 'investments'>,
  price: CurrentPrice | null,
): ValuedSnapshot {
  const needsPrice = snapshot.investments.some(
    (i) =>
      i.area === 'crypto' && i.btc_price_at_investment_cents !== null && Number(i.btc_price_at_investment_cents) > 0,
  );
  if (needsPrice && price === null) throw new DomainError('liabilities_price_unavailable', { reason: 'none' });
  if (needsPrice && price!.stale)
    throw new DomainError('liabilities_price_unavailable', { reason: 'stale', priceAt: price!.fetchedAt });
  const btc = needsPrice ? price!.priceCents : null;
  const owed = new Map(snapshot.owed.map((o) => [o.userId, o.cents]));
  let revaluation = 0;
  for (const row of snapshot.investments) {
    const change = storedInvestmentValue(row, btc) - Number(row.amount_cents);
    if (change === 0) continue;
    revaluation += change;
    owed.set(row.user_id, (owed.get(row.user_id) ?? 0) + change);
  }
  for (const [userId, cents] of owed) if (cents <= 0) owed.delete(userId);
  return { owed, revaluation, price: needsPrice ? { cents: price!.priceCents, at: price!.fetchedAt } : null };
}
