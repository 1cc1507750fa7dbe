import { DomainError } from '../../../core/errors';
import { levelFor } from '../../../core/levels';
import { toDecimalString } from '../../../core/money';
import { searchKey } from '../../../core/search-key';
import type { UserDetail, UserRow } from '../../../contracts/backoffice';
import type { AppContext } from '../../context';
import type { createHistoryService } from '../cashier/history.service';
import { getMoneySummary } from '../ledger/summary';
import { latestOf } from '../identity/identity.repo';
import type { LimitsService } from '../limits/limits.service';
import * as repo from './users.repo';
import { decodeCursor, encodeCursor } from '../../db/page-cursor';

const INVESTMENTS_SHOWN = 50;

const toRow = (r: {
  user_id: string;
  uid: string;
  full_name: string;
  email: string;
  username: string;
  created_at: string;
}): UserRow => ({
  id: r.user_id,
  uid: r.uid,
  fullName: r.full_name,
  email: r.email,
  username: r.username,
  createdAt: r.created_at,
});

const bool = (v: unknown) => v === true || v === 1;

/** The operators' view of the people: search, a user's page, their sessions. */
export function createUsersService(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  cashier: ReturnType<typeof createHistoryService>,
  limits: Pick<LimitsService, 'view'>,
) {
  const { db, clock } = ctx;
  return {
    /** Users whose UID, e-mail, username or name starts with q; without q, every user, newest first. */
    async search(
      q: string | undefined,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ items: UserRow[]; nextCursor: string | null }> {
      if (q === undefined) {
        const after = decodeCursor(cursor, (createdAt, id) => ({ createdAt, id }));
        const rows = await repo.newestPage(db, after, limit);
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          items: page.map(toRow),
          nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.user_id) : null,
        };
      }
      const prefix = searchKey(q);
      if (!prefix) return { items: [], nextCursor: null };
      const rows = await repo.searchPage(
        db,
        prefix,
        decodeCursor(cursor, (term, id) => ({ term, id })),
        limit,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toRow),
        nextCursor: rows.length > limit && last ? encodeCursor(last.first_term, last.user_id) : null,
      };
    },

    async detail(userId: string): Promise<UserDetail> {
      const p = await repo.profileOf(db, userId);
      if (!p) throw new DomainError('not_found');
      const [money, investments, history, sessions, identity, limitsNow] = await Promise.all([
        getMoneySummary(db, userId, clock.now()),
        repo.recentInvestments(db, userId, INVESTMENTS_SHOWN),
        cashier.of(userId),
        repo.sessionsOf(db, userId, clock.now().toISOString()),
        latestOf(db, userId),
        limits.view(userId),
      ]);
      return {
        profile: {
          id: p.user_id,
          uid: p.uid,
          fullName: p.full_name,
          firstName: p.first_name,
          lastName: p.last_name,
          email: p.email,
          username: p.username,
          phone: p.phone,
          country: p.country,
          birthDate: p.birth_date,
          locale: p.locale,
          createdAt: p.created_at,
          role: p.role,
          twoFactorEnabled: bool(p.twoFactorEnabled),
        },
        level: levelFor(money.totalInvestedCents),
        identity: (identity?.status as UserDetail['identity'] | undefined) ?? 'none',
        limits: limitsNow,
        balances: {
          available: toDecimalString(money.balanceCents),
          invested: toDecimalString(money.investedCents),
          held: toDecimalString(money.withdrawalHoldCents),
          totalInvested: toDecimalString(money.totalInvestedCents),
        },
        investments: investments.map((i) => ({
          id: i.id,
          area: i.area,
          amount: toDecimalString(Number(i.amount_cents)),
          currentValue: toDecimalString(Number(i.current_value_cents)),
          isActive: Number(i.is_active) === 1,
          createdAt: i.created_at,
          stoppedAt: i.stopped_at,
        })),
        history,
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: new Date(s.createdAt).toISOString(),
          expiresAt: new Date(s.expiresAt).toISOString(),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
      };
    },

    async exists(userId: string): Promise<void> {
      if (!(await repo.profileOf(db, userId))) throw new DomainError('not_found');
    },

    async revokeSessions(userId: string, sessionId?: string): Promise<{ revoked: number }> {
      if (!(await repo.profileOf(db, userId))) throw new DomainError('not_found');
      return { revoked: await repo.deleteSessions(db, userId, sessionId) };
    },
  };
}
