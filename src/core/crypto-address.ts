import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Withdrawal address checks per currency, with real checksums, so that a typo is refused instead
 * of sending a customer's money into the void. Pure: runs in the browser and on the server.
 * Callers pass the address already trimmed; inner or surrounding spaces are refused.
 */

export type CryptoType = 'BTC' | 'SOL' | 'LTC' | 'USDTTRC20' | 'BNB';

/** Spec §3: withdrawal crypto types (value, label), in the spec's order. */
export const cryptoTypes: ReadonlyArray<{ value: CryptoType; label: string }> = [
  { value: 'BTC', label: 'Bitcoin' },
  { value: 'SOL', label: 'Solana' },
  { value: 'LTC', label: 'Litecoin' },
  { value: 'USDTTRC20', label: 'USDT TRC20' },
  { value: 'BNB', label: 'Binance Coin' },
];

/** A well-formed example per currency, for the address field's placeholder. */
export const addressPlaceholders: Record<CryptoType, string> = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  SOL: 'So11111111111111111111111111111111111111112',
  LTC: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  USDTTRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  BNB: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
};

export function isCryptoType(value: unknown): value is CryptoType {
  return typeof value === 'string' && cryptoTypes.some((c) => c.value === value);
}

export function validateAddress(crypto: CryptoType, address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 128) return false;
  switch (crypto) {
    case 'BTC':
      return isBase58CheckWithVersion(address, [0x00, 0x05]) || isSegwit(address, 'bc');
    case 'LTC':
      // L… (P2PKH 0x30), M… (P2SH 0x32), and the legacy 3… P2SH (0x05) that Litecoin still accepts.
      return isBase58CheckWithVersion(address, [0x30, 0x32, 0x05]) || isSegwit(address, 'ltc');
    case 'SOL': {
      if (address.length < 32 || address.length > 44) return false;
      return base58Decode(address)?.length === 32;
    }
    case 'USDTTRC20':
      return address.startsWith('T') && isBase58CheckWithVersion(address, [0x41]);
    case 'BNB':
      return isEvmAddress(address) || isBnbBeacon(address);
    default:
      return false;
  }
}

// ---------- base58 / base58check ----------

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58].map((c, i) => [c, i]));

export function base58Decode(text: string): Uint8Array | null {
  if (text.length === 0) return null;
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_INDEX.get(char);
    if (digit === undefined) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.push(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

function base58CheckPayload(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  for (let i = 0; i < 4; i += 1) if (bytes[bytes.length - 4 + i] !== checksum[i]) return null;
  return payload;
}

/** One version byte followed by a 20-byte hash, with a valid double-SHA-256 checksum. */
function isBase58CheckWithVersion(text: string, versions: number[]): boolean {
  if (text.length < 25 || text.length > 36) return false;
  const payload = base58CheckPayload(text);
  return payload !== null && payload.length === 21 && versions.includes(payload[0]!);
}

// ---------- bech32 / bech32m (BIP-173, BIP-350) ----------

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= generator[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

export interface Bech32Decoded {
  hrp: string;
  /** 5-bit words without the checksum. */
  words: number[];
  encoding: 'bech32' | 'bech32m';
}

export function bech32Decode(text: string): Bech32Decoded | null {
  if (text.length < 8 || text.length > 90) return null;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  for (const c of lower) {
    const code = c.charCodeAt(0);
    if (code < 33 || code > 126) return null;
  }
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return null;
  const hrp = lower.slice(0, sep);
  const words: number[] = [];
  for (const c of lower.slice(sep + 1)) {
    const w = BECH32_CHARSET.indexOf(c);
    if (w === -1) return null;
    words.push(w);
  }
  const check = polymod([...hrpExpand(hrp), ...words]);
  const encoding = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : null;
  if (!encoding) return null;
  return { hrp, words: words.slice(0, -6), encoding };
}

function fromWords(words: number[]): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits >= 5 || acc !== 0) return null;
  return out;
}

/** A segwit address of the given network: v0 in bech32 (20 or 32 bytes), v1–v16 in bech32m. */
function isSegwit(text: string, hrp: string): boolean {
  const decoded = bech32Decode(text);
  if (!decoded || decoded.hrp !== hrp || decoded.words.length < 1) return false;
  const [version, ...rest] = decoded.words as [number, ...number[]];
  if (version > 16) return false;
  const program = fromWords(rest);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0) return decoded.encoding === 'bech32' && (program.length === 20 || program.length === 32);
  return decoded.encoding === 'bech32m';
}

/** BNB Beacon Chain (BEP2) address: bech32, hrp "bnb", 20-byte payload. */
function isBnbBeacon(text: string): boolean {
  const decoded = bech32Decode(text);
  if (!decoded || decoded.hrp !== 'bnb' || decoded.encoding !== 'bech32') return false;
  return fromWords(decoded.words)?.length === 20;
}

// ---------- EVM (BEP20) ----------

/** 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum. */
function isEvmAddress(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i += 1) {
    const char = hex[i]!;
    if (!/[a-f]/i.test(char)) continue;
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}
