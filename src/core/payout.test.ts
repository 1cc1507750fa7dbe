import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { outputScriptOf } from './chain/output-script';
import { centsToCoin, oneCentOfCoin } from './coins';
import { explorerLink, leastPayout, payoutTxidOf } from './payout';

const hex64 = 'AB'.repeat(32);

describe('payout transaction ids (decision 057)', () => {
  it('reads each coin family’s shape, lower-casing hex and keeping base58 as it is', () => {
    expect(payoutTxidOf('BTC', ` ${hex64} `)).toBe(hex64.toLowerCase());
    expect(payoutTxidOf('LTC', hex64)).toBe(hex64.toLowerCase());
    expect(payoutTxidOf('USDTTRC20', hex64)).toBe(hex64.toLowerCase());
    expect(payoutTxidOf('BNB', `0x${hex64}`)).toBe(`0x${hex64.toLowerCase()}`);
    const signature = base58.encode(new Uint8Array(64).fill(200));
    expect(payoutTxidOf('SOL', signature)).toBe(signature);
  });

  it.each([
    ['BTC', 'ab'.repeat(31)],
    ['BTC', `0x${hex64}`],
    ['BTC', `${'a'.repeat(63)}g`],
    ['BNB', hex64],
    ['SOL', hex64],
    ['SOL', base58.encode(new Uint8Array(32).fill(9))],
    ['SOL', `${base58.encode(new Uint8Array(64).fill(200)).slice(0, -1)}0`],
    ['USDTTRC20', ''],
  ] as const)('refuses %s %j', (crypto, text) => {
    expect(payoutTxidOf(crypto, text)).toBeNull();
  });

  it('the least payout: the amount at the rate, less the tolerance and one cent of the coin', () => {
    const rate = 65_000_000_000n; // $65,000.00
    expect(centsToCoin('BTC', 10_000, rate)).toBe(153_846n);
    expect(oneCentOfCoin('BTC', rate)).toBe(16n);
    expect(leastPayout('BTC', 10_000, rate, 200)).toBe(153_846n - 3_076n - 16n);
    expect(leastPayout('BTC', 10_000, rate, 0)).toBe(153_830n);
    expect(leastPayout('BTC', 1, rate, 5000)).toBe(1n);
  });

  it('the output script of an address, for each form a withdrawal accepts', () => {
    expect(outputScriptOf('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')?.length).toBe(22);
    expect(outputScriptOf('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')?.length).toBe(25);
    expect(outputScriptOf('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')?.length).toBe(23);
    expect(outputScriptOf('LTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')?.length).toBe(22);
    expect(outputScriptOf('LTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')?.length).toBe(23);
    expect(outputScriptOf('LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(outputScriptOf('BTC', 'not an address')).toBeNull();
  });

  it('fills the explorer template, or gives no link', () => {
    expect(explorerLink('https://mempool.space/tx/{txid}', 'ab')).toBe('https://mempool.space/tx/ab');
    expect(explorerLink(undefined, 'ab')).toBeNull();
  });
});
