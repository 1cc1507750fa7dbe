import type { ChainCoin } from '../../../core/chain/account-key';
import { decodeTransaction, RawError } from '../../../core/chain/raw';
import { centsToCoin, formatCoinAmount } from '../../../core/coins';
import { isCryptoType } from '../../../core/crypto-address';
import { DomainError } from '../../../core/errors';
import { outputScriptOf } from '../../../core/chain/output-script';
import { coinOfCrypto, leastPayout, payoutTxidOf } from '../../../core/payout';
import type { PayoutTxColumns } from '../../db/migrations/042_payout_tx';
import type { AppContext } from '../../context';
import type { RateService } from '../market/rates.service';
import { confirmationsOf } from './chain-watch.service';
import * as repo from './chain.repo';
import { createEsplora, ProviderError, type Esplora } from './esplora';

type Log = { warn(obj: unknown, msg: string): void };

/** The withdrawal's columns the check reads. */
export interface PayoutTarget {
  id: string;
  amount_cents: number | string;
  crypto_type?: string | null;
  wallet_address?: string | null;
}

const sameBytes = (bytes: Uint8Array, start: number, end: number, script: Uint8Array) => {
  if (end - start !== script.length) return false;
  for (let i = 0; i < script.length; i++) if (bytes[start + i] !== script[i]) return false;
  return true;
};

/**
 * The payout transaction an operator gives with the approval that settles a withdrawal (decision
 * 057). For BTC and LTC with a provider (ESPLORA_URL_<COIN>), the server reads the transaction's
 * bytes, checks they hash to the id, and that its outputs to the withdrawal's address carry at
 * least the amount at today's rate less the tolerance; any other coin's id is checked for its
 * shape only and recorded as not verified. Whatever is refused throws a DomainError: nothing is
 * written by a refused check, and the approval that called it writes nothing either.
 */
export function createPayoutCheck(
  { config, db }: Pick<AppContext, 'config' | 'db'>,
  rates: Pick<RateService, 'forConversion'>,
  log: Log,
  providers: { make?: (url: string) => Esplora } = {},
) {
  const make = providers.make ?? ((url: string) => createEsplora(url, config.chain.timeoutMs));
  const byCoin = new Map<ChainCoin, Esplora>();
  for (const coin of ['BTC', 'LTC'] as const) {
    const c = config.chain.coins[coin];
    if (c && config.payouts.check === 'chain') byCoin.set(coin, make(c.url));
  }
  const providerOf = (crypto: string) => byCoin.get(crypto as ChainCoin);

  return {
    /** Whether a payout in this coin is checked on chain (then the transaction id is required). */
    verifies: (crypto: string) => providerOf(crypto) !== undefined,

    /**
     * The payout columns to record with the settling approval, or null when none was given for a coin
     * that is not checked. Refuses, with a stable code, anything that does not pay this withdrawal.
     */
    async check(row: PayoutTarget, input: string | undefined, at: Date): Promise<PayoutTxColumns | null> {
      const crypto = row.crypto_type ?? '';
      if (!isCryptoType(crypto)) throw new DomainError('payout_coin_unknown', { crypto });
      const provider = providerOf(crypto);
      if (input === undefined || input.trim() === '') {
        if (provider) throw new DomainError('payout_txid_required', { crypto });
        return null;
      }
      const txid = payoutTxidOf(crypto, input);
      if (txid === null) throw new DomainError('payout_txid_invalid', { crypto });
      if (await repo.payoutTxidUsedBy(db, txid, row.id)) throw new DomainError('payout_txid_used', { txid });
      const checkedAt = at.toISOString();
      if (!provider)
        return {
          payout_txid: txid,
          payout_verified: 0,
          payout_coin_amount: null,
          payout_confirmations: null,
          payout_checked_at: checkedAt,
        };

      const coin = crypto as ChainCoin;
      const address = row.wallet_address ?? '';
      const script = outputScriptOf(coin, address);
      if (script === null) throw new DomainError('payout_wrong_address', { address });
      const rate = await rates.forConversion(coinOfCrypto[crypto]);
      if (!rate.ok) throw new DomainError('payout_rate_unavailable', { crypto });

      let raw: Uint8Array;
      try {
        raw = await provider.rawTransaction(txid);
      } catch (err) {
        if (err instanceof ProviderError && (err.status === 404 || err.status === 400))
          throw new DomainError('payout_tx_not_found', { txid });
        if (err instanceof ProviderError) {
          log.warn({ coin, provider: provider.url, reason: err.message }, 'payout check: provider unavailable');
          throw new DomainError('payout_provider_unavailable', { crypto });
        }
        throw err;
      }
      let tx;
      try {
        tx = decodeTransaction(raw, coin, txid);
      } catch (err) {
        if (!(err instanceof RawError)) throw err;
        log.warn(
          { coin, provider: provider.url, txid, reason: err.message },
          'payout check: content refused (it does not hash to the id)',
        );
        throw new DomainError('payout_tx_mismatch', { txid });
      }
      // Every output to the address counts: a payout split in two still pays it.
      let paid = 0n;
      let outputs = 0;
      for (const out of tx.outputs)
        if (sameBytes(raw, out.scriptStart, out.scriptEnd, script)) {
          paid += BigInt(out.value);
          outputs++;
        }
      if (outputs === 0) throw new DomainError('payout_wrong_address', { address, txid });
      const cents = Number(row.amount_cents);
      const least = leastPayout(coinOfCrypto[crypto], cents, rate.rateMicros, config.payouts.toleranceBps);
      if (paid < least)
        throw new DomainError('payout_amount_short', {
          crypto,
          paid: formatCoinAmount(coinOfCrypto[crypto], paid),
          least: formatCoinAmount(coinOfCrypto[crypto], least),
          expected: formatCoinAmount(coinOfCrypto[crypto], centsToCoin(coinOfCrypto[crypto], cents, rate.rateMicros)),
        });

      // Where it is now; a provider that cannot say is asked again by the chain watch.
      let confirmations = 0;
      try {
        confirmations = await confirmationsOf(provider, txid, await provider.tipHeight());
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
      }
      return {
        payout_txid: txid,
        payout_verified: 1,
        payout_coin_amount: Number(paid),
        payout_confirmations: confirmations,
        payout_checked_at: checkedAt,
      };
    },
  };
}

export type PayoutCheck = ReturnType<typeof createPayoutCheck>;
