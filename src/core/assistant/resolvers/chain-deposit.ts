import { parseRate, rateToCents as microsToCents } from '../../coins';
import type { Cents } from '../../money';
import { count, datetime, money, type Fact, type FactValue } from '../facts';

/** How many of the person's latest payments on chain the answer mentions. */
const PAYMENTS_TOLD = 3;

type Coin = 'BTC' | 'LTC' | 'USDT_TRC20' | 'SOL';

export interface ChainDepositState {
  /** The coins whose chain is followed, or whose payments are claimed by transaction id (decision 060). */
  followed: Coin[];
  /** The person's own deposit addresses (decision 044), when they have one. */
  addresses: { coin: Coin; address: string }[];
  /** Their payments as the chain watcher recorded them, newest first (the /deposit page's list). */
  payments: {
    coin: Coin;
    /** In coins, as a decimal string ("0.00125"). */
    amount: string;
    state: 'seen' | 'in_block' | 'confirmed' | 'orphaned';
    confirmations: number;
    required: number;
    firstSeenAt: string;
    outcome: {
      kind: 'under_review' | 'credited' | 'rejected' | 'below_minimum' | 'closing';
      /** Dollars, as a decimal string. */
      amount: string;
      /** Dollars per coin at confirmation. */
      rate: string;
      refunded: boolean;
    } | null;
  }[];
  /** The least a payment must be worth to be credited, in dollars. */
  minimum: string;
}

const text = (value: string): FactValue => ({ type: 'text', value });
const dollars = (amount: string): FactValue => ({ type: 'money', amount });
/**
 * A rate in dollars per coin keeps up to six decimals (decision 056); the answer states it to the
 * cent, rounded half up, as the /deposit page shows it: core's rule, from the rate as the API writes it.
 */
export function rateToCents(rate: string): Cents {
  const micros = parseRate(rate);
  if (micros === null) throw new RangeError(`not a rate: ${rate}`);
  return microsToCents(micros);
}

/**
 * Where the person's deposits on chain stand (issue 45, point 7), in the words of /deposit:
 * waiting for a payment to their address, seen on the network, n of m confirmations, then what
 * it became (credited at its rate, under review, or to be refunded and why). Nothing when no
 * chain is followed or the person has neither an address nor a payment.
 */
export function resolveChainDeposit(s: ChainDepositState): Fact[] {
  if (s.followed.length === 0) return [];
  const facts: Fact[] = [];
  for (const p of s.payments.slice(0, PAYMENTS_TOLD)) {
    const values: Record<string, FactValue> = {
      coins: { type: 'coins', amount: p.amount, coin: p.coin.replace('_', ' ') },
      coin: text(p.coin.replace('_', ' ')),
      since: datetime(p.firstSeenAt),
    };
    if (p.state === 'seen') facts.push({ key: 'deposit.chain.seen', values, link: '/deposit' });
    else if (p.state === 'orphaned') facts.push({ key: 'deposit.chain.orphaned', values, link: '/deposit' });
    else if (p.state === 'in_block' && p.confirmations < p.required)
      facts.push({
        key: 'deposit.chain.confirming',
        values: { ...values, count: count(p.confirmations), required: count(p.required) },
        link: '/deposit',
      });
    else if (!p.outcome) facts.push({ key: 'deposit.chain.confirmed', values, link: '/deposit' });
    else {
      const outcome = { ...values, amount: dollars(p.outcome.amount), rate: money(rateToCents(p.outcome.rate)) };
      if (p.outcome.kind === 'credited' || p.outcome.kind === 'under_review')
        facts.push({ key: `deposit.chain.${p.outcome.kind}`, values: outcome, link: '/cashier' });
      else
        facts.push({
          key: `deposit.chain.${p.outcome.refunded ? 'refunded' : 'refund'}.${p.outcome.kind}`,
          values: { ...outcome, minimum: dollars(s.minimum) },
          link: '/deposit',
        });
    }
  }
  if (facts.length === 0)
    for (const a of s.addresses.filter((x) => s.followed.includes(x.coin)))
      facts.push({
        key: 'deposit.chain.waiting',
        values: { coin: text(a.coin), address: text(a.address) },
        link: '/deposit',
      });
  return facts;
}
