import { DomainError } from '../../../core/errors';
import type { FreezeState } from '../../../contracts/admin';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import type { Notifier } from '../notifier';
import { enqueueEmail } from '../notifications/outbox';
import type { Trx } from '../ledger/ledger.repo';
import * as repo from './freeze.repo';

/** Operators freeze and unfreeze an account by its UID, with a reason; the user is e-mailed, the trail keeps both. */
export function createFreezeService(ctx: AppContext, notifier: Notifier) {
  const { db, clock, config } = ctx;

  async function profile(uid: string) {
    const found = await repo.profileByUid(db, uid.trim().toUpperCase());
    if (!found) throw new DomainError('user_not_found');
    return found;
  }

  async function state(uid: string): Promise<FreezeState> {
    const p = await profile(uid);
    const f = await repo.findFreeze(db, p.user_id);
    return {
      uid: p.uid,
      fullName: p.full_name,
      frozen: f !== undefined,
      reason: f?.reason ?? null,
      since: f?.frozen_at ?? null,
    };
  }

  function reasonOf(raw: string): string {
    const reason = raw.trim();
    if (!reason) throw new DomainError('freeze_reason_required');
    return reason;
  }

  type Profile = Awaited<ReturnType<typeof profile>>;
  type Change = {
    action: 'user.freeze' | 'user.unfreeze';
    template: 'account_frozen' | 'account_unfrozen';
    before: unknown;
    after: unknown;
  };

  /**
   * One freeze or unfreeze: `apply` changes the freeze row (or refuses), and in the same
   * transaction the trail records it and the user is e-mailed; open screens are told after commit.
   */
  async function change(
    operatorId: string,
    p: Profile,
    source: AuditSource,
    apply: (trx: Trx, now: Date) => Promise<Change>,
  ): Promise<FreezeState> {
    await db.transaction().execute(async (trx) => {
      const now = clock.now();
      const { action, template, before, after } = await apply(trx, now);
      await recordAudit(
        trx,
        { actorId: operatorId, action, target: { type: 'user', id: p.user_id }, source, before, after },
        now,
      );
      await enqueueEmail(trx, {
        userId: p.user_id,
        to: p.email,
        template,
        locale: p.locale,
        params: { supportEmail: config.supportEmail },
        now,
      });
    });
    notifier.userChanged(p.user_id, 'balance');
    return state(p.uid);
  }

  return {
    state,

    async freeze(operatorId: string, uid: string, rawReason: string, source: AuditSource): Promise<FreezeState> {
      const reason = reasonOf(rawReason);
      const p = await profile(uid);
      return change(operatorId, p, source, async (trx, now) => {
        const frozen = await repo.insertFreeze(trx, {
          user_id: p.user_id,
          reason,
          frozen_at: now.toISOString(),
          frozen_by: operatorId,
        });
        if (!frozen) throw new DomainError('user_frozen');
        return {
          action: 'user.freeze',
          template: 'account_frozen',
          before: { frozen: false },
          after: { frozen: true, reason },
        };
      });
    },

    async unfreeze(operatorId: string, uid: string, rawReason: string, source: AuditSource): Promise<FreezeState> {
      const reason = reasonOf(rawReason);
      const p = await profile(uid);
      return change(operatorId, p, source, async (trx) => {
        const before = await repo.findFreeze(trx, p.user_id);
        if (!before || !(await repo.deleteFreeze(trx, p.user_id))) throw new DomainError('user_not_frozen');
        return {
          action: 'user.unfreeze',
          template: 'account_unfrozen',
          before: { frozen: true, reason: before.reason, since: before.frozen_at },
          after: { frozen: false, reason },
        };
      });
    },
  };
}
