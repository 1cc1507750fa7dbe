import { DomainError } from '../../../core/errors';
import type { FreezeState } from '../../../contracts/admin';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import type { Notifier } from '../notifier';
import { enqueueEmail } from '../notifications/outbox';
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

  return {
    state,

    async freeze(operatorId: string, uid: string, rawReason: string, source: AuditSource): Promise<FreezeState> {
      const reason = reasonOf(rawReason);
      const p = await profile(uid);
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        if (
          !(await repo.insertFreeze(trx, {
            user_id: p.user_id,
            reason,
            frozen_at: now.toISOString(),
            frozen_by: operatorId,
          }))
        )
          throw new DomainError('user_frozen');
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: 'user.freeze',
            target: { type: 'user', id: p.user_id },
            source,
            before: { frozen: false },
            after: { frozen: true, reason },
          },
          now,
        );
        await enqueueEmail(trx, {
          userId: p.user_id,
          to: p.email,
          template: 'account_frozen',
          locale: p.locale,
          params: { supportEmail: config.supportEmail },
          now,
        });
      });
      notifier.userChanged(p.user_id, 'balance');
      return state(p.uid);
    },

    async unfreeze(operatorId: string, uid: string, rawReason: string, source: AuditSource): Promise<FreezeState> {
      const reason = reasonOf(rawReason);
      const p = await profile(uid);
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const before = await repo.findFreeze(trx, p.user_id);
        if (!before || !(await repo.deleteFreeze(trx, p.user_id))) throw new DomainError('user_not_frozen');
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: 'user.unfreeze',
            target: { type: 'user', id: p.user_id },
            source,
            before: { frozen: true, reason: before.reason, since: before.frozen_at },
            after: { frozen: false, reason },
          },
          now,
        );
        await enqueueEmail(trx, {
          userId: p.user_id,
          to: p.email,
          template: 'account_unfrozen',
          locale: p.locale,
          params: { supportEmail: config.supportEmail },
          now,
        });
      });
      notifier.userChanged(p.user_id, 'balance');
      return state(p.uid);
    },
  };
}
