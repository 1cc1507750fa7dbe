import type { AppContext } from '../../context';
import { createDepositAddressService } from './deposit-address.service';

/**
 * `npm run admin -- deposit-addresses`: per coin, how many own addresses were given and the highest
 * index, so that the wallet's gap limit can be set above it (docs/operations.md, decision 044).
 */
export const depositAddressesCommand = {
  summary: "per coin, how many investors' own deposit addresses were given and the highest index (for the gap limit)",
  async run(ctx: AppContext): Promise<number> {
    const service = createDepositAddressService(ctx);
    const current = service.fingerprints();
    const stats = await service.stats();
    for (const coin of ['BTC', 'LTC'] as const) {
      const rows = stats.filter((s) => s.coin === coin);
      const key = current.get(coin);
      console.log(`${coin}: ${key ? `account key ${key}` : 'no account key configured (DEPOSIT_XPUB_' + coin + ')'}`);
      if (rows.length === 0) console.log('  no address given yet');
      for (const r of rows)
        console.log(
          `  ${r.count} address${r.count === 1 ? '' : 'es'} given, highest index ${r.highest}: the wallet's gap limit must be at least ${r.highest + 1}` +
            (r.keyFingerprint === key ? '' : ` (from ANOTHER account key, ${r.keyFingerprint})`),
        );
    }
    return 0;
  },
};
