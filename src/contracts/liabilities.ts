import { z } from 'zod';

const round = z.object({
  round: z.number().int().positive(),
  asset: z.string(),
  height: z.number().int().positive(),
  /** Hex of the root digest: the verifiers take it from here, never from a proof file. */
  root: z.string(),
  /** Cents owed to investors at the snapshot, the root's value. */
  total: z.number().int().min(0),
  snapshotAt: z.string(),
  watermark: z.string(),
  /**
   * Cents of USD per BTC that crypto investments were counted at (what stopping them would credit),
   * and when the provider gave that price; both null when the round needed no price or predates
   * format 2 (decision 052). Copied from the signed statement.
   */
  btcPrice: z.number().int().positive().nullable(),
  btcPriceAt: z.string().nullable(),
  /** The exact text that was signed and appended to the sealed trail. */
  statement: z.string(),
  /** Ed25519, base64url. */
  signature: z.string(),
  /** The key this round was signed with (raw 32 bytes, base64url): a rotation leaves older rounds theirs. */
  publicKey: z.string(),
});

/**
 * GET /api/liabilities/rounds: the published rounds, newest first, and the platform's public key
 * with its fingerprint (SHA-256 of the raw key, hex), which an investor pins in the verifiers.
 */
export const liabilityRoundsResponse = z.object({
  publicKey: z.string(),
  fingerprint: z.string(),
  rounds: z.array(round),
});
export type LiabilityRounds = z.infer<typeof liabilityRoundsResponse>;
export type LiabilityRound = LiabilityRounds['rounds'][number];

export const liabilityProofParams = z.object({
  round: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const proofSibling = z.object({ digest: z.string(), value: z.number().int() });

/** GET /api/liabilities/rounds/:round/proof: the caller's own chunks and paths, or a signed "nothing owed". */
export const liabilityProofResponse = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('proof'),
    proof: z.object({
      format: z.literal('atlas-proof-of-liabilities/1'),
      round: z.number().int(),
      asset: z.string(),
      height: z.number().int(),
      leaves: z.array(
        z.object({
          index: z.number().int(),
          value: z.number().int(),
          position: z.number().int(),
          digest: z.string(),
          path: z.array(proofSibling),
        }),
      ),
    }),
  }),
  z.object({ kind: z.literal('nothing_owed'), statement: z.string(), signature: z.string(), publicKey: z.string() }),
]);
export type LiabilityProof = z.infer<typeof liabilityProofResponse>;

/** GET /api/liabilities/nonce: the investor's own account nonce (hex), for the verifiers. */
export const accountNonceResponse = z.object({ nonce: z.string() });
export type AccountNonce = z.infer<typeof accountNonceResponse>;
