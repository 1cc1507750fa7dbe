import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check, hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { AccountKeyError, parseAccountKey, type ChainCoin } from './account-key';

const base58check = createBase58check(sha256);

/** BIP84's test vector: mnemonic "abandon" ×11 "about", m/84'/0'/0'. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SECOND = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
/** The same mnemonic's BIP39 seed (empty passphrase). */
const SEED = hex.decode(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
);

/** The same key bytes under other version bytes (what another wallet would export). */
function reEncode(key: string, version: number): string {
  const bytes = base58check.decode(key).slice();
  new DataView(bytes.buffer).setUint32(0, version, false);
  return base58check.encode(bytes);
}

/** The account key at `path` of the test seed, serialised with the given versions. */
function keyAt(path: string, versions: { public: number; private: number }) {
  return HDKey.fromMasterSeed(SEED, versions).derive(path);
}

function refusal(coin: ChainCoin, key: string): AccountKeyError {
  try {
    parseAccountKey(coin, key);
  } catch (err) {
    if (err instanceof AccountKeyError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('account keys for BTC (BIP84)', () => {
  it('derives the BIP84 vector’s receive addresses from its zpub', () => {
    const key = parseAccountKey('BTC', ZPUB);
    expect(key.receiveAddress(0)).toBe(FIRST);
    expect(key.receiveAddress(1)).toBe(SECOND);
  });

  it('gives the same addresses from the same key exported as an xpub, and the same fingerprint', () => {
    const xpub = reEncode(ZPUB, 0x0488b21e);
    expect(xpub.startsWith('xpub')).toBe(true);
    const key = parseAccountKey('BTC', xpub);
    expect([key.receiveAddress(0), key.receiveAddress(1)]).toEqual([FIRST, SECOND]);
    expect(key.fingerprint).toBe(parseAccountKey('BTC', ZPUB).fingerprint);
    expect(key.fingerprint).toMatch(/^[0-9a-f]{8}$/);
  });

  it('agrees with a derivation from the seed, and ignores surrounding spaces', () => {
    const account = keyAt("m/84'/0'/0'", { public: 0x04b24746, private: 0x04b2430c });
    expect(account.publicExtendedKey).toBe(ZPUB);
    expect(parseAccountKey('BTC', `  ${ZPUB}\n`).receiveAddress(0)).toBe(FIRST);
  });

  it('refuses an index outside 0 … 2^31 − 1', () => {
    const key = parseAccountKey('BTC', ZPUB);
    expect(() => key.receiveAddress(-1)).toThrow(RangeError);
    expect(() => key.receiveAddress(2 ** 31)).toThrow(RangeError);
    expect(() => key.receiveAddress(1.5)).toThrow(RangeError);
    expect(key.receiveAddress(2 ** 31 - 1)).toMatch(/^bc1q/);
  });
});

describe('account keys for LTC (BIP84)', () => {
  it('encodes the same witness program with the ltc prefix, from an Ltub or a zpub of the same key', () => {
    const program = (address: string) => bech32.decode(address as `${string}1${string}`).words;
    for (const form of [reEncode(ZPUB, 0x019da462), ZPUB, reEncode(ZPUB, 0x0488b21e)]) {
      const key = parseAccountKey('LTC', form);
      const first = key.receiveAddress(0);
      expect(first).toMatch(/^ltc1q/);
      expect(program(first)).toEqual(program(FIRST));
      expect(first).toBe(bech32.encode('ltc', program(FIRST)));
      expect(key.receiveAddress(1)).toBe(bech32.encode('ltc', program(SECOND)));
    }
  });

  it('derives ltc1 addresses from the test seed’s Litecoin account (m/84’/2’/0’) exported as an Ltub', () => {
    const account = keyAt("m/84'/2'/0'", { public: 0x019da462, private: 0x019d9cfe });
    expect(account.publicExtendedKey.startsWith('Ltub')).toBe(true);
    const key = parseAccountKey('LTC', account.publicExtendedKey);
    const expected = (i: number) =>
      bech32.encode('ltc', [0, ...bech32.toWords(account.deriveChild(0).deriveChild(i).pubKeyHash!)]);
    expect(key.receiveAddress(0)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
    expect(key.receiveAddress(0)).toBe(expected(0));
    expect(key.receiveAddress(7)).toBe(expected(7));
    expect(key.receiveAddress(0)).not.toBe(parseAccountKey('LTC', ZPUB).receiveAddress(0));
  });
});

describe('refusals, never repeating the key', () => {
  const btcAccount = keyAt("m/84'/0'/0'", { public: 0x04b24746, private: 0x04b2430c });
  const cases: Array<[string, ChainCoin, string, AccountKeyError['reason'], RegExp]> = [
    ['a zprv', 'BTC', btcAccount.privateExtendedKey, 'private', /PRIVATE key \(zprv\)/],
    ['an xprv', 'BTC', reEncode(btcAccount.privateExtendedKey, 0x0488ade4), 'private', /PRIVATE key \(xprv\)/],
    ['an Ltpv', 'LTC', reEncode(btcAccount.privateExtendedKey, 0x019d9cfe), 'private', /PRIVATE key \(Ltpv\)/],
    ['a tprv', 'BTC', reEncode(btcAccount.privateExtendedKey, 0x04358394), 'private', /PRIVATE key \(tprv\)/],
    ['a vprv', 'BTC', reEncode(btcAccount.privateExtendedKey, 0x045f18bc), 'private', /PRIVATE key \(vprv\)/],
    [
      'a private key under unknown version bytes',
      'BTC',
      reEncode(btcAccount.privateExtendedKey, 0x12345678),
      'private',
      /PRIVATE key:/,
    ],
    ['a testnet tpub', 'BTC', reEncode(ZPUB, 0x043587cf), 'network', /testnet key \(tpub\)/],
    ['a testnet vpub', 'BTC', reEncode(ZPUB, 0x045f1cf6), 'network', /testnet key \(vpub\)/],
    ['a testnet vpub for LTC', 'LTC', reEncode(ZPUB, 0x045f1cf6), 'network', /testnet key \(vpub\)/],
    [
      'a Litecoin Ltub for BTC',
      'BTC',
      reEncode(ZPUB, 0x019da462),
      'network',
      /Litecoin key \(Ltub\) given for Bitcoin/,
    ],
    ['a nested SegWit ypub', 'BTC', reEncode(ZPUB, 0x049d7cb2), 'script', /nested SegWit key \(ypub, BIP49\)/],
    ['a bad checksum', 'BTC', ZPUB.slice(0, -1) + (ZPUB.endsWith('s') ? 't' : 's'), 'malformed', /checksum/],
    ['text that is no key', 'BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'malformed', /not an extended/],
    ['unknown version bytes', 'BTC', reEncode(ZPUB, 0x12345678), 'malformed', /unknown version/],
    [
      'the master key (depth 0)',
      'BTC',
      HDKey.fromMasterSeed(SEED, { public: 0x04b24746, private: 0x04b2430c }).publicExtendedKey,
      'depth',
      /depth 0: give the account-level key \(depth 3/,
    ],
    ['a receive-chain key (depth 4)', 'BTC', btcAccount.deriveChild(0).publicExtendedKey, 'depth', /depth 4/],
    [
      'a purpose key (depth 1)',
      'LTC',
      keyAt("m/84'", { public: 0x019da462, private: 0x019d9cfe }).publicExtendedKey,
      'depth',
      /depth 1: give the account-level key \(depth 3, m\/84'\/2'\/0'\)/,
    ],
  ];

  it.each(cases)('refuses %s', (_name, coin, key, reason, message) => {
    const err = refusal(coin, key);
    expect(err.reason).toBe(reason);
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain(key.trim());
    expect(err.message).not.toContain(key.slice(4, 20));
  });
});
