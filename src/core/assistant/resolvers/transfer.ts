import type { Cents } from '../../money';
import { datetime, money, type Fact } from '../facts';

export interface TransferState {
  /** The investor's latest transfers, newest first, sent and received. */
  recent: { direction: 'sent' | 'received'; amountCents: Cents; counterpartUid: string; at: string }[];
}

/**
 * Whether a transfer arrived. A transfer is one movement between two accounts: once recorded it
 * has arrived, so the date it was recorded is the date it arrived.
 */
export function resolveTransfers(s: TransferState): Fact[] {
  if (s.recent.length === 0) return [{ key: 'transfer.none', values: {}, link: '/internal-transfer' }];
  return s.recent.map((t) => ({
    key: t.direction === 'sent' ? 'transfer.sent' : 'transfer.received',
    values: { amount: money(t.amountCents), uid: { type: 'text', value: t.counterpartUid }, at: datetime(t.at) },
    link: '/cashier',
  }));
}
