import { describe, expect, it } from 'vitest';
import { parseAccountKey } from './account-key';
import { decodeBlock } from './raw';
import { p2wpkhKey, WatchedSet } from './watched';
import { TestChain } from '../../../tests/support/chain';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('the watched set', () => {
  const btc = parseAccountKey('BTC', ZPUB);

  it("finds every output of a block paying a watched address, with its amount and the address's index", () => {
    const watched = new WatchedSet('BTC');
    for (const i of [0, 2, 5]) expect(watched.add(btc.receiveAddress(i), i)).toBe(true);
    const chain = new TestChain('BTC');
    const block = chain.mine([
      chain.pay([[btc.receiveAddress(0), 12_345]]),
      chain.pay([[btc.receiveAddress(1), 999]]),
      chain.pay([
        [btc.receiveAddress(5), 70_000],
        [btc.receiveAddress(2), 1],
      ]),
    ]);
    const read = decodeBlock(block.raw, 'BTC', block.hash);
    expect(watched.match(read.bytes, read.transactions)).toEqual([
      { txid: block.txids[1], vout: 0, value: 12_345, index: 0 },
      { txid: block.txids[3], vout: 0, value: 70_000, index: 5 },
      { txid: block.txids[3], vout: 1, value: 1, index: 2 },
    ]);
  });

  it('watches only P2WPKH addresses of its own coin', () => {
    const watched = new WatchedSet('BTC');
    const ltc = parseAccountKey('LTC', ZPUB).receiveAddress(0);
    expect(watched.add(ltc, 0)).toBe(false);
    expect(watched.add('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 1)).toBe(false);
    expect(watched.add('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 2)).toBe(false);
    expect(watched.size).toBe(0);
    expect(p2wpkhKey('LTC', ltc)).toBe(p2wpkhKey('BTC', btc.receiveAddress(0)));
  });
});
