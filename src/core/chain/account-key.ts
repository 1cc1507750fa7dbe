import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2wpkh } from '@scure/btc-signer';

/**
 * Watch-only deposit addresses (decision 044): an account-level extended PUBLIC key (BIP84, depth
 * 3, m/84'/coin'/account') from which each investor's receive address `…/0/i` is derived. Parsing
 * and derivation are the audited @scure libraries'; this module only says which serialisations it
 * accepts, and why it refuses the others, without ever repeating the key in a message.
 */

export type ChainCoin = 'BTC' | 'LTC';

/** Litecoin mainnet: bech32 `ltc`, addresses L… (0x30) and M… (0x32), WIF 0xb0. */
const LITECOIN = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
const networks = { BTC: NETWORK, LTC: LITECOIN } as const;

type Kind = 'public' | 'private';
interface Serialisation {
  prefix: string;
  kind: Kind;
  /** The network it belongs to; `testnet` is refused everywhere. */
  network: ChainCoin | 'both' | 'testnet';
  /** BIP84 native SegWit (`zpub`), or a generic form a wallet may export for it (`xpub`, `Ltub`). */
  script: 'any' | 'p2wpkh' | 'p2sh-p2wpkh';
  /** The version bytes of the other half (public ↔ private), which HDKey needs. */
  pair: number;
}

/** SLIP-132 version bytes. */
const serialisations = new Map<number, Serialisation>([
  [0x0488b21e, { prefix: 'xpub', kind: 'public', network: 'both', script: 'any', pair: 0x0488ade4 }],
  [0x0488ade4, { prefix: 'xprv', kind: 'private', network: 'both', script: 'any', pair: 0x0488b21e }],
  [0x049d7cb2, { prefix: 'ypub', kind: 'public', network: 'both', script: 'p2sh-p2wpkh', pair: 0x049d7878 }],
  [0x049d7878, { prefix: 'yprv', kind: 'private', network: 'both', script: 'p2sh-p2wpkh', pair: 0x049d7cb2 }],
  [0x04b24746, { prefix: 'zpub', kind: 'public', network: 'both', script: 'p2wpkh', pair: 0x04b2430c }],
  [0x04b2430c, { prefix: 'zprv', kind: 'private', network: 'both', script: 'p2wpkh', pair: 0x04b24746 }],
  [0x019da462, { prefix: 'Ltub', kind: 'public', network: 'LTC', script: 'any', pair: 0x019d9cfe }],
  [0x019d9cfe, { prefix: 'Ltpv', kind: 'private', network: 'LTC', script: 'any', pair: 0x019da462 }],
  [0x01b26ef6, { prefix: 'Mtub', kind: 'public', network: 'LTC', script: 'p2sh-p2wpkh', pair: 0x01b26792 }],
  [0x01b26792, { prefix: 'Mtpv', kind: 'private', network: 'LTC', script: 'p2sh-p2wpkh', pair: 0x01b26ef6 }],
  [0x043587cf, { prefix: 'tpub', kind: 'public', network: 'testnet', script: 'any', pair: 0x04358394 }],
  [0x04358394, { prefix: 'tprv', kind: 'private', network: 'testnet', script: 'any', pair: 0x043587cf }],
  [0x044a5262, { prefix: 'upub', kind: 'public', network: 'testnet', script: 'p2sh-p2wpkh', pair: 0x044a4e28 }],
  [0x044a4e28, { prefix: 'uprv', kind: 'private', network: 'testnet', script: 'p2sh-p2wpkh', pair: 0x044a5262 }],
  [0x045f1cf6, { prefix: 'vpub', kind: 'public', network: 'testnet', script: 'p2wpkh', pair: 0x045f18bc }],
  [0x045f18bc, { prefix: 'vprv', kind: 'private', network: 'testnet', script: 'p2wpkh', pair: 0x045f1cf6 }],
  [0x0436f6e1, { prefix: 'ttub', kind: 'public', network: 'testnet', script: 'any', pair: 0x0436ef7d }],
  [0x0436ef7d, { prefix: 'ttpv', kind: 'private', network: 'testnet', script: 'any', pair: 0x0436f6e1 }],
]);

const base58check = createBase58check(sha256);
const names: Record<ChainCoin, string> = { BTC: 'Bitcoin', LTC: 'Litecoin' };

/** Why a key is refused; the message names the form, never the key. */
export class AccountKeyError extends Error {
  constructor(
    readonly reason: 'malformed' | 'private' | 'network' | 'script' | 'depth',
    message: string,
  ) {
    super(message);
    this.name = 'AccountKeyError';
  }
}

export interface AccountKey {
  coin: ChainCoin;
  /** The account key's BIP32 fingerprint (8 hex digits), stored with each address it gave. */
  fingerprint: string;
  /** The receive address `…/0/index`, native SegWit (bc1q… or ltc1q…). */
  receiveAddress(index: number): string;
}

/** The largest receive index: BIP32's non-hardened children are 0 … 2^31 − 1. */
export const MAX_RECEIVE_INDEX = 0x7fffffff;

export function parseAccountKey(coin: ChainCoin, text: string): AccountKey {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(trimmed);
  } catch {
    throw new AccountKeyError('malformed', 'not an extended public key (bad base58 or checksum)');
  }
  if (bytes.length !== 78) throw new AccountKeyError('malformed', 'not an extended public key (wrong length)');
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, false);
  const form = serialisations.get(version);
  // The key byte of a private serialisation starts with 0: refused whatever its version says.
  if (form?.kind === 'private' || bytes[45] === 0)
    throw new AccountKeyError(
      'private',
      `this is a PRIVATE key${form ? ` (${form.prefix})` : ''}: give the account's extended public key, never the private one`,
    );
  if (!form) throw new AccountKeyError('malformed', 'not an extended public key (unknown version bytes)');
  if (form.network === 'testnet')
    throw new AccountKeyError('network', `a testnet key (${form.prefix}): give a ${names[coin]} mainnet key`);
  if (form.network !== 'both' && form.network !== coin)
    throw new AccountKeyError('network', `a ${names[form.network]} key (${form.prefix}) given for ${names[coin]}`);
  if (form.script === 'p2sh-p2wpkh')
    throw new AccountKeyError(
      'script',
      `a nested SegWit key (${form.prefix}, BIP49): give the BIP84 native SegWit account key (zpub${coin === 'LTC' ? ' or Ltub' : ' or xpub'})`,
    );
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed, { public: version, private: form.pair });
  } catch {
    throw new AccountKeyError('malformed', 'not a valid extended public key (the key is not a curve point)');
  }
  if (key.depth !== 3)
    throw new AccountKeyError(
      'depth',
      `a key at depth ${key.depth}: give the account-level key (depth 3, m/84'/${coin === 'BTC' ? 0 : 2}'/0')`,
    );
  const receive = key.deriveChild(0);
  const network = networks[coin];
  return {
    coin,
    fingerprint: key.fingerprint.toString(16).padStart(8, '0'),
    receiveAddress(index: number): string {
      if (!Number.isSafeInteger(index) || index < 0 || index > MAX_RECEIVE_INDEX)
        throw new RangeError(`receive index out of range: ${index}`);
      const address = p2wpkh(receive.deriveChild(index).publicKey!, network).address;
      if (!address) throw new Error('no address for this key');
      return address;
    },
  };
}
