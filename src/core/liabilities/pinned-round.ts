import { equalBytes, isValue, toHex, type Hashes, type PublishedRound } from './tree';

/**
 * The published round a stand-alone verifier trusts (decision 045): the rounds file says which
 * key signed it, but only the key the investor pins (taken where the platform publishes it, never
 * from the file) is believed. A round re-signed by anyone else, with the same root and total, is
 * refused. Shared by the command line (node:crypto) and the offline page (WebCrypto).
 */

/** Checks an Ed25519 signature; `null` when this runtime cannot check one (then nothing is believed). */
export type SignatureCheck = (
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
) => Promise<boolean | null>;

/** Stable codes: each verifier words them. */
export type RoundFailure =
  | 'no_pinned_key'
  | 'bad_pinned_key'
  | 'malformed_rounds'
  | 'round_missing'
  | 'key_mismatch'
  | 'no_signature_check'
  | 'bad_signature'
  | 'statement_mismatch';

/** The BTC price a round of format 2 counted crypto investments at (cents per BTC), as signed. */
export interface SignedPrice {
  cents: number;
  at: string;
}

export type RoundCheck =
  | {
      ok: true;
      round: PublishedRound;
      publicKey: string;
      fingerprint: string;
      /** From the signed statement only; null when it names none (format 1, or no price was needed). */
      price: SignedPrice | null;
    }
  | { ok: false; failure: RoundFailure; detail: Record<string, string | number> };

const KEY_BYTES = 32;
const encoder = new TextEncoder();
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Standard or URL-safe base64, padded or not; `null` unless it decodes cleanly. */
export function fromBase64(text: string): Uint8Array | null {
  const s = text.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(s) || s.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(s + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The key's fingerprint: SHA-256 of its 32 raw bytes, in hex (what the page shows beside the key). */
export function keyFingerprint(h: Hashes, publicKey: Uint8Array): string {
  return toHex(h.sha256(publicKey));
}

type Pin = { key: Uint8Array } | { fingerprint: string };

/** What the investor typed: the key (base64) or its fingerprint (64 hex, spaces and colons allowed). */
function readPin(text: string): Pin | 'empty' | null {
  const t = text.trim();
  if (t === '') return 'empty';
  const hex = t.replace(/[\s:]/g, '').toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) return { fingerprint: hex };
  const key = fromBase64(t);
  return key && key.length === KEY_BYTES ? { key } : null;
}

const SIGNED_FIELDS = ['round', 'asset', 'height', 'root', 'total'] as const;
/** Shown by the verifiers: when the file states them, they must be the signed ones. */
const PRICE_FIELDS = ['btcPrice', 'btcPriceAt'] as const;

/**
 * The round `roundNo` of a saved rounds file (GET /api/liabilities/rounds), once its key is the
 * pinned one, its signature holds and the signed statement says what the file's figures say.
 */
export async function checkPinnedRound(
  h: Hashes,
  verifySignature: SignatureCheck,
  roundsFile: unknown,
  roundNo: unknown,
  pinned: string,
): Promise<RoundCheck> {
  const fail = (failure: RoundFailure, detail: Record<string, string | number> = {}): RoundCheck => ({
    ok: false,
    failure,
    detail,
  });
  const pin = readPin(pinned);
  if (pin === 'empty') return fail('no_pinned_key');
  if (pin === null) return fail('bad_pinned_key');
  if (!isRecord(roundsFile) || !Array.isArray(roundsFile.rounds)) return fail('malformed_rounds');
  const round: unknown = roundsFile.rounds.find((r) => isRecord(r) && r.round === roundNo);
  if (!isRecord(round)) return fail('round_missing', { round: String(roundNo) });
  // A round carries the key it was signed with (older rounds keep theirs after a rotation).
  const named = typeof round.publicKey === 'string' ? round.publicKey : roundsFile.publicKey;
  const key = typeof named === 'string' ? fromBase64(named) : null;
  if (!key || key.length !== KEY_BYTES) return fail('malformed_rounds');
  const fingerprint = keyFingerprint(h, key);
  const publicKey = toBase64Url(key);
  const same = 'key' in pin ? equalBytes(pin.key, key) : pin.fingerprint === fingerprint;
  if (!same)
    return fail('key_mismatch', {
      round: String(round.round),
      key: publicKey,
      fingerprint,
      pinned: 'key' in pin ? toBase64Url(pin.key) : pin.fingerprint,
    });
  const signature = typeof round.signature === 'string' ? fromBase64(round.signature) : null;
  if (typeof round.statement !== 'string' || !signature) return fail('bad_signature', { round: String(round.round) });
  const holds = await verifySignature(key, encoder.encode(round.statement), signature);
  if (holds === null) return fail('no_signature_check');
  if (!holds) return fail('bad_signature', { round: String(round.round) });
  let statement: unknown;
  try {
    statement = JSON.parse(round.statement);
  } catch {
    statement = null;
  }
  if (
    !isRecord(statement) ||
    !SIGNED_FIELDS.every((k) => statement[k] === round[k]) ||
    !PRICE_FIELDS.every((k) => !(k in round) || (statement[k] ?? null) === round[k])
  )
    return fail('statement_mismatch', { round: String(round.round) });
  const { asset, height, root, total } = round;
  if (typeof asset !== 'string' || typeof root !== 'string' || !isValue(height) || !isValue(total) || !isValue(roundNo))
    return fail('malformed_rounds');
  const { btcPrice, btcPriceAt } = statement;
  const price = isValue(btcPrice) && typeof btcPriceAt === 'string' ? { cents: btcPrice, at: btcPriceAt } : null;
  return { ok: true, round: { round: roundNo, asset, height, root, total }, publicKey, fingerprint, price };
}
