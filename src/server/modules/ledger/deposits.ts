import { depositPostings } from '../../../core/ledger';
import { post, type Trx } from './ledger.service';

/**
 * The only way money enters the platform: an approved deposit moves it from the platform's
 * deposits account to the user's available balance. Used by deposit approval and by seed-demo.
 */
export async function creditDeposit(
  trx: Trx,
  input: { userId: string; amountCents: number; ref: { type: string; id: string }; approvedBy: string },
  now: Date,
): Promise<string> {
  return post(
    trx,
    {
      type: 'deposit',
      userId: input.userId,
      createdBy: input.approvedBy,
      postings: depositPostings(input.userId, input.amountCents),
      ref: input.ref,
    },
    now,
  );
}
