import { timeOrderedId } from '../../../core/ids';
import { DomainError } from '../../../core/errors';
import { depositPostings } from '../../../core/ledger';
import { requireAmount, toDecimalString, type Cents } from '../../../core/money';
import type { Deposit } from '../../../contracts/cashier';
import { depositCoins } from '../../../contracts/cashier';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { fingerprintProof } from '../backoffice/proof-match';
import { inspectAndNormalizeImage, MAX_PROOF_BYTES } from '../storage/image';
import { type ProofStore } from '../storage/proof-store';
import type { Notifier } from '../notifier';
import type { LimitsService } from '../limits/limits.service';
import type { Plan } from '../ledger/plan';
import { hitCounter } from '../accounts/ratelimit.repo';
import * as repo from './cashier.repo';
import { notClosing } from '../closure/closure.steps';
import { findClosure } from '../closure/closure.repo';
import type { DepositRow } from './cashier.repo';
import { correctionOf, versionFields, type VersionView } from './versions';
import type { DepositAddressService } from '../chain/deposit-address.service';
import { followedOnChain } from '../chain/followed';

/** Shown only in demo mode, always marked as samples: real funds must never go there. */
const sampleAddresses: Record<(typeof depositCoins)[number], string> = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  LTC: 'ltc1qg82tt7ja8s6a9m3ye9rmy4y7u5rtrrddf5c3ke',
  USDT_TRC20: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
};

/**
 * The movement by which money enters the platform: an approved deposit, from the platform's
 * deposits account to the person's available balance (core's postings). An operator's approval
 * moves it together with its request (admin.service); seed-demo and the test fixtures credit it
 * alone, through the same writer.
 */
export function depositCredit(input: {
  userId: string;
  amountCents: Cents;
  ref: { type: string; id: string };
  approvedBy: string;
}): Plan<void> {
  return {
    money: {
      txId: timeOrderedId(),
      type: 'deposit',
      userId: input.userId,
      createdBy: input.approvedBy,
      postings: depositPostings(input.userId, input.amountCents),
      ref: input.ref,
    },
    // No money comes in once closure is asked (decision 039).
    steps: [notClosing(input.userId)],
    respond: () => undefined,
  };
}

export function toDeposit(
  row: Pick<
    DepositRow,
    | 'id'
    | 'amount_cents'
    | 'status'
    | 'proof_path'
    | 'created_at'
    | 'processed_at'
    | 'admin_notes'
    | 'reason_code'
    | 'reason_retryable'
    | 'version'
    | 'previous_id'
  >,
  view?: VersionView,
): Deposit {
  return {
    id: row.id,
    amount: toDecimalString(Number(row.amount_cents)),
    status: row.status,
    hasProof: row.proof_path !== null,
    createdAt: row.created_at,
    processedAt: row.processed_at,
    adminNotes: row.admin_notes,
    ...versionFields(row, view),
  };
}

const HOUR = 3_600_000;

export interface DepositUpload {
  amount: string | undefined;
  proof: Buffer | undefined;
  /** Correcting: the rejected deposit this one replaces as its next version. */
  previousId?: string | undefined;
  /** The coin paid with, among those listed (needed when a listed address is the person's own). */
  coin?: string | undefined;
}

type Coin = (typeof depositCoins)[number];
interface Listed {
  coin: Coin;
  address: string;
  own?: true;
  followed?: true;
}

export function createDepositsService(
  ctx: AppContext,
  {
    notifier,
    proofs: store,
    limits,
    ownAddresses,
  }: { notifier: Notifier; proofs: ProofStore; limits: LimitsService; ownAddresses: DepositAddressService },
) {
  const { config, db, clock } = ctx;
  const derived = new Set<string>(ownAddresses.coins());
  const configured = depositCoins.filter((coin) => derived.has(coin) || config.depositAddresses[coin]);
  const followed = followedOnChain(config);
  /** The coins a screenshot may declare: those whose payments the platform does not see itself. */
  const declarable = configured.filter((coin) => !followed.has(coin));
  const mark = (coin: Coin) => (followed.has(coin) ? { followed: true as const } : {});

  /**
   * Where this person sends crypto: their own address for a coin with an account key (allocated
   * the first time, decision 044), the configured shared address otherwise, samples in demo mode.
   */
  async function addresses(userId: string): Promise<{ available: boolean; sample: boolean; addresses: Listed[] }> {
    if (configured.length > 0) {
      const listed = await Promise.all(
        configured.map(async (coin): Promise<Listed> => {
          const shared = { coin, address: config.depositAddresses[coin]!, ...mark(coin) };
          if (coin !== 'BTC' && coin !== 'LTC') return shared;
          if (!derived.has(coin)) return shared;
          const { address } = await ownAddresses.addressOf(userId, coin);
          return { coin, address, own: true, ...mark(coin) };
        }),
      );
      return { available: true, sample: false, addresses: listed };
    }
    if (config.demoMode)
      return {
        available: true,
        sample: true,
        addresses: depositCoins.map((coin) => ({ coin, address: sampleAddresses[coin] })),
      };
    return { available: false, sample: false, addresses: [] };
  }

  /**
   * The coin and address the person was shown, recorded with the request so that the operator can
   * attribute the payment. Asked for only when one of the listed addresses is the person's own:
   * without an account key the form and its rows are as before. A coin followed on chain is never
   * declared: its payments become deposits by themselves, with their evidence (decision 062).
   */
  async function paidTo(userId: string, coin: string | undefined) {
    if (derived.size === 0 && followed.size === 0 && coin === undefined)
      return { deposit_coin: null, deposit_address: null };
    if (declarable.length === 0 || (coin !== undefined && followed.has(coin as Coin)))
      throw new DomainError('deposit_coin_on_chain');
    const chosen = coin ?? (declarable.length === 1 ? declarable[0] : undefined);
    const listed = (await addresses(userId)).addresses.find((a) => a.coin === chosen);
    if (!listed) throw new DomainError('deposit_coin_required');
    return { deposit_coin: listed.coin, deposit_address: listed.address };
  }

  return {
    addresses,

    /**
     * A deposit request with its proof. The proof is checked and re-encoded before anything is
     * written; if the row cannot be written, the stored file is removed again.
     */
    async create(userId: string, upload: DepositUpload, idempotencyKey?: string): Promise<Deposit> {
      if (configured.length === 0 && !config.demoMode) throw new DomainError('deposits_unavailable');
      // No deposit is filed once closure is asked (decision 039); its approval checks again.
      const closure = await findClosure(db, userId);
      if (closure) throw new DomainError('account_closing', closure.state === 'closed' ? { context: 'closed' } : {});
      const amount = requireAmount(upload.amount ?? '');
      // A key already used answers with its first request, or refuses a different amount, as
      // every other money request does.
      const replayed = (earlier: DepositRow | undefined) => {
        if (earlier && Number(earlier.amount_cents) !== amount) throw new DomainError('idempotency_key_reused');
        return earlier && toDeposit(earlier);
      };
      if (idempotencyKey) {
        const earlier = replayed(await repo.findDepositByKey(db, userId, idempotencyKey));
        if (earlier) return earlier;
      }
      if (!upload.proof || upload.proof.length === 0)
        throw new DomainError(upload.proof ? 'file_not_image' : 'proof_required');
      if (upload.proof.length > MAX_PROOF_BYTES) throw new DomainError('file_too_large');
      const { maxPendingDeposits, proofUploadsPerHour } = config.limits;
      // A cheap early refusal, before the image is decoded; the insert below decides for sure.
      if ((await repo.countPendingDeposits(db, userId)) >= maxPendingDeposits)
        throw new DomainError('too_many_pending_deposits', { max: maxPendingDeposits });
      const { correctionMaxVersions } = config.limits;
      const previousId = upload.previousId;
      // Refused before the image is decoded; decided for sure in the filing transaction below.
      if (previousId) await correctionOf(db, 'deposit_request', userId, previousId, correctionMaxVersions);
      // The tier's deposit limits, before the image is decoded; decided again on approval, in the
      // transaction that credits the money.
      await limits.check(userId, 'deposit', amount);
      const shown = await paidTo(userId, upload.coin);
      if ((await hitCounter(db, `proof_upload:user:${userId}`, clock.now(), HOUR)) > proofUploadsPerHour)
        throw new DomainError('rate_limited');
      const image = await inspectAndNormalizeImage(upload.proof);
      const now = clock.now();
      const path = await store.put(userId, image.bytes, image.ext, now);
      const row: DepositRow = {
        id: timeOrderedId(),
        user_id: userId,
        amount_cents: amount,
        status: 'pending',
        proof_path: path,
        idempotency_key: idempotencyKey ?? null,
        created_at: now.toISOString(),
        processed_at: null,
        processed_by: null,
        admin_notes: null,
        tx_id: null,
        root_id: null,
        previous_id: null,
        version: 1,
        ...shown,
      };
      try {
        // The cap is decided again where it cannot race: with the person's requests locked, the
        // count and the insert are one step (two uploads at once cannot both be the third).
        await db.transaction().execute(async (trx) => {
          await repo.lockRequestsOf(trx, userId);
          if ((await repo.countPendingDeposits(trx, userId)) >= maxPendingDeposits)
            throw new DomainError('too_many_pending_deposits', { max: maxPendingDeposits });
          // A correction: still allowed now that no other filing of this person can run (two at once:
          // the second finds the first one's version); the unique previous_id is the last line.
          Object.assign(
            row,
            previousId
              ? await correctionOf(trx, 'deposit_request', userId, previousId, correctionMaxVersions)
              : { root_id: row.id },
          );
          await repo.insertDeposit(trx, row);
        });
      } catch (err) {
        await store.delete(path).catch(() => {});
        if (idempotencyKey && isUniqueViolation(err)) {
          const first = replayed(await repo.findDepositByKey(db, userId, idempotencyKey));
          if (first) return first;
        }
        if (previousId && isUniqueViolation(err)) throw new DomainError('correction_superseded');
        throw err;
      }
      // Re-used proofs (decision 019); a failure here never loses the deposit, it only goes unchecked.
      await fingerprintProof({ db, store }, row, image.bytes).catch(() => {});
      notifier.requestChanged(userId, 'deposit');
      return toDeposit(row);
    },
  };
}
