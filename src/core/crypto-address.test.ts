import { describe, expect, it } from 'vitest';
import {
  addressPlaceholders,
  base58Decode,
  bech32Decode,
  cryptoTypes,
  isCryptoType,
  validateAddress,
  type CryptoType,
} from './crypto-address';

// Real addresses (genesis, BIP-173/350 vectors, EIP-55 vectors, well-known contracts and programs).
const valid: Record<CryptoType, string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  LTC: [
    'LdP8Qox1VAhCzLJNqrr74YovaWYyNBUWvL',
    'LTdsVS8VDw6syvfQADdhf2PHAm3rMGJvPX',
    'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN',
    'M8T1B2Z97gVdvmfkQcAtYbEepune1tzGua',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  ],
  SOL: [
    'So11111111111111111111111111111111111111112',
    '11111111111111111111111111111111',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  ],
  USDTTRC20: [
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  ],
  BNB: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2',
    'bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23',
  ],
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Every string one character away from `text` (each position, each other character of `alphabet`). */
function substitutions(text: string, alphabet: string, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < text.length; i += 1) {
    for (const c of alphabet) if (c !== text[i]) out.push(text.slice(0, i) + c + text.slice(i + 1));
  }
  return out;
}

function adjacentSwaps(text: string, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < text.length - 1; i += 1) {
    if (text[i] === text[i + 1]) continue;
    out.push(text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2));
  }
  return out;
}

describe('validateAddress: real addresses pass', () => {
  for (const [crypto, addresses] of Object.entries(valid) as Array<[CryptoType, string[]]>) {
    it.each(addresses)(`${crypto} %s`, (address) => expect(validateAddress(crypto, address)).toBe(true));
  }

  it('every placeholder is a valid address of its currency', () => {
    for (const { value } of cryptoTypes) expect(validateAddress(value, addressPlaceholders[value]), value).toBe(true);
  });
});

describe('validateAddress: every single-character typo is refused', () => {
  const checksummed: Array<[CryptoType, string, string, number]> = [
    ...valid.BTC.filter((a) => !a.toLowerCase().startsWith('bc1')).map(
      (a) => ['BTC', a, BASE58, 0] as [CryptoType, string, string, number],
    ),
    ...valid.LTC.filter((a) => !a.startsWith('ltc1')).map(
      (a) => ['LTC', a, BASE58, 0] as [CryptoType, string, string, number],
    ),
    ...valid.USDTTRC20.map((a) => ['USDTTRC20', a, BASE58, 0] as [CryptoType, string, string, number]),
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', BECH32, 0],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', BECH32, 0],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', BECH32, 0],
    ['LTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', BECH32, 0],
    ['BNB', 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2', BECH32, 0],
  ];

  it.each(checksummed)('%s %s', (crypto, address, alphabet, from) => {
    const typos = [...substitutions(address, alphabet, from), ...adjacentSwaps(address, from)];
    expect(typos.length).toBeGreaterThan(100);
    const accepted = typos.filter((typo) => validateAddress(crypto, typo));
    expect(accepted).toEqual([]);
  });

  it.each(valid.BNB.filter((a) => /[A-F]/.test(a) && /[a-f]/.test(a)))(
    'BEP20 EIP-55 %s: case slips and hex typos',
    (address) => {
      const caseSlips: string[] = [];
      for (let i = 2; i < address.length; i += 1) {
        const c = address[i]!;
        const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
        if (flipped !== c) caseSlips.push(address.slice(0, i) + flipped + address.slice(i + 1));
      }
      expect(caseSlips.filter((a) => validateAddress('BNB', a))).toEqual([]);
      // A digit typo keeps the casing of the letters, which then almost never matches the new hash.
      const digitTypos = substitutions(address, '0123456789', 2);
      const accepted = digitTypos.filter((a) => validateAddress('BNB', a));
      expect(accepted.length).toBeLessThanOrEqual(1);
    },
  );
});

describe('validateAddress: wrong network, wrong shape', () => {
  it.each<[CryptoType, string]>([
    ['BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'], // testnet P2PKH
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'], // testnet segwit
    ['BTC', 'LdP8Qox1VAhCzLJNqrr74YovaWYyNBUWvL'], // Litecoin
    ['BTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // TRON
    ['BTC', 'Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // mixed case
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 '],
    [' BTC' as CryptoType, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', ''],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN'], // a character missing
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaa'], // a character added
    ['LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // Bitcoin P2PKH
    ['LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['USDTTRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['USDTTRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['USDTTRC20', 'So11111111111111111111111111111111111111112'],
    ['SOL', 'So1111111111111111111111111111111111111111O'], // O is not base58
    ['SOL', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['SOL', '1111111111111111111111111111111'], // 31 bytes
    ['SOL', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // 25 bytes
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vEPjF'], // too long
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtlv'], // l is not base58
    ['BNB', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'], // 39 hex
    ['BNB', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd'],
    ['BNB', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // no 0x
    ['BNB', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['BNB', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BNB', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ])('%s refuses %j', (crypto, address) => {
    expect(validateAddress(crypto, address)).toBe(false);
  });

  it('refuses a segwit v0 program carried with the bech32m checksum and a v1 program with bech32', () => {
    // BIP-350 invalid vectors.
    expect(validateAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe(false);
    expect(validateAddress('BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du')).toBe(false);
  });
});

describe('building blocks', () => {
  it('decodes bech32 and bech32m test vectors (BIP-173, BIP-350)', () => {
    expect(bech32Decode('A12UEL5L')?.encoding).toBe('bech32');
    expect(bech32Decode('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')?.encoding).toBe('bech32');
    expect(bech32Decode('split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w')?.hrp).toBe('split');
    expect(bech32Decode('A1LQFN3A')?.encoding).toBe('bech32m');
    expect(bech32Decode('abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx')?.encoding).toBe('bech32m');
    expect(bech32Decode('a12UEL5L')).toBeNull();
    expect(bech32Decode('pzry9x0s0muk')).toBeNull();
    expect(bech32Decode('1pzry9x0s0muk')).toBeNull();
  });

  it('keeps leading zero bytes when decoding base58', () => {
    expect(base58Decode('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
    expect(Array.from(base58Decode('1112')!)).toEqual([0, 0, 0, 1]);
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('lists the spec §3 withdrawal currencies with their labels', () => {
    expect(cryptoTypes).toEqual([
      { value: 'BTC', label: 'Bitcoin' },
      { value: 'SOL', label: 'Solana' },
      { value: 'LTC', label: 'Litecoin' },
      { value: 'USDTTRC20', label: 'USDT TRC20' },
      { value: 'BNB', label: 'Binance Coin' },
    ]);
    expect(isCryptoType('USDTTRC20')).toBe(true);
    expect(isCryptoType('USDT_TRC20')).toBe(false);
    expect(isCryptoType('ETH')).toBe(false);
  });
});
