import { toDecimalString, type Cents } from '../../../core/money';
import type { LimitDirection } from '../../../core/tiers';
import type { HeldByLimit } from '../../../contracts/cashier';
import type { LimitsService } from '../limits/limits.service';

/**
 * Each requester's tier, and with limits on what the rolling 30 days used in the queue's
 * direction against its limit: an operator sees whether the request stays within the tier.
 */
export async function standingsOf(
  limits: Pick<LimitsService, 'standing'>,
  userIds: string[],
  direction: LimitDirection,
) {
  const unique = [...new Set(userIds)];
  const found = await Promise.all(unique.map((id) => limits.standing(id)));
  const by = new Map(
    unique.map((id, i) => {
      const s = found[i]!;
      const d = s.limits?.directions.find((x) => x.direction === direction);
      const limit = d
        ? {
            used: toDecimalString(d.used),
            max: d.rolling30Days === null ? null : toDecimalString(d.rolling30Days),
          }
        : null;
      return [id, { tier: s.tier, limit }] as const;
    }),
  );
  return (userId: string) => by.get(userId)!;
}

/**
 * Which pending deposits of the queue their owner's limit keeps waiting, and why (issue 46,
 * item 3): the operator reads the same reason the investor does.
 */
export async function depositHoldsOf(
  limits: Pick<LimitsService, 'depositHolds'>,
  rows: { user_id: string; status: string; amount_cents: number | Cents }[],
): Promise<(row: { user_id: string; status: string; amount_cents: number | Cents }) => HeldByLimit | null> {
  const owners = [...new Set(rows.filter((r) => r.status === 'pending').map((r) => r.user_id))];
  const holds = new Map(await Promise.all(owners.map(async (id) => [id, await limits.depositHolds(id)] as const)));
  return (row) => (row.status === 'pending' ? (holds.get(row.user_id)?.(Number(row.amount_cents)) ?? null) : null);
}
