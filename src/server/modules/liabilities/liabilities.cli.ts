import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import { CLI_SOURCE } from '../audit/audit.service';
import { createPriceService } from '../market/market.service';
import { createLiabilitiesService } from './liabilities.service';

/** `npm run admin -- liabilities-round`: publishes a round now; exit 1 when its total is not the journal's or no fresh BTC price can be had. */
export const liabilitiesRoundCommand = {
  summary:
    'take a snapshot of every investor liability, build, sign and publish a proof-of-liabilities round (exit 1 if its total differs from the ledger)',
  async run(ctx: AppContext): Promise<number> {
    try {
      const r = await createLiabilitiesService(ctx, createPriceService(ctx)).runRound({
        actorId: 'cli',
        source: CLI_SOURCE,
      });
      console.log(`round ${r.round} published: ${r.investors} investors owed something, height ${r.height}`);
      console.log(`snapshot ${r.snapshotAt} at ${r.watermark}`);
      console.log(`total ${r.total} cents (ledger at book value ${r.ledgerTotal}), root ${r.root}`);
      console.log(
        r.btcPrice === null
          ? 'no investment needed a BTC price'
          : `crypto investments counted at BTC ${r.btcPrice} cents, the price of ${r.btcPriceAt}`,
      );
      console.log(`signature ${r.signature} (Ed25519 public key ${r.publicKey}, fingerprint ${r.fingerprint})`);
      console.log(
        `built in ${Object.entries(r.phases)
          .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );
      return 0;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'liabilities_price_unavailable') {
        console.error(
          err.params.reason === 'stale'
            ? `POSTPONED: the last BTC price (${err.params.priceAt}) is stale; nothing published, try again once the price is fresh.`
            : 'POSTPONED: no BTC price can be had; crypto investments are never counted at a made-up price. Nothing published.',
        );
        return 1;
      }
      if (!(err instanceof DomainError) || err.code !== 'liabilities_total_mismatch') throw err;
      console.error(
        `REFUSED: the balances sum to ${err.params.balances} cents but the journal to ${err.params.journal}; nothing published (run verify-ledger).`,
      );
      return 1;
    }
  },
};
