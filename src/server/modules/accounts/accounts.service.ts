import type { OperatorName } from './operator-name';
import { randomInt, randomUUID } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import { levelFor } from '../../../core/levels';
import { toDecimalString } from '../../../core/money';
import { MIN_PASSWORD_LENGTH } from '../../../core/password';
import { checkSignup, makeUid, type SignupInput } from '../../../core/signup';
import type { Me } from '../../../contracts/me';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { getMoneySummary } from '../ledger/summary';
import { findClosure } from '../closure/closure.repo';
import { findFreeze } from '../freeze/freeze.repo';
import { CLI_SOURCE, recordAudit, type AuditSource } from '../audit/audit.service';
import * as repo from './accounts.repo';
import { markEmailVerified } from './security.repo';
import type { Auth } from './auth';
import type { AccountSecurity } from './security.service';
import { countryNames } from '../../../core/countries';

type Locale = 'fr' | 'en' | 'es';
const UID_ATTEMPTS = 8;

/** Which unique column a constraint error is about ('uid', 'email', 'username'), or null. */
function uniqueViolationOn(err: unknown): string | null {
  const e = err as { code?: string; message?: string; detail?: string; constraint?: string } | null;
  if (!e || !(e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'))
    return null;
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
  if (/\buid\b/.test(text)) return 'uid';
  if (/email/.test(text)) return 'email';
  if (/username/.test(text)) return 'username';
  return 'other';
}

export function createAccountsService(ctx: AppContext, deps: { auth: Auth; security: AccountSecurity }) {
  const { auth, security } = deps;

  async function hash(password: string): Promise<string> {
    return (await auth.$context).password.hash(password);
  }

  /** `alongside` writes in the account's own transaction: what must exist exactly when the account does. */
  async function create(
    a: Omit<repo.NewAccount, 'id' | 'uid'>,
    alongside?: (trx: Transaction<Database>, account: repo.NewAccount) => Promise<void>,
  ): Promise<{ id: string; uid: string }> {
    for (let attempt = 1; ; attempt++) {
      const account = { ...a, id: randomUUID(), uid: service.nextUid() };
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await repo.insertAccount(trx, ctx.dialect, account);
          await alongside?.(trx, account);
        });
        return { id: account.id, uid: account.uid };
      } catch (err) {
        const on = uniqueViolationOn(err);
        if (on === 'uid' && attempt < UID_ATTEMPTS) continue;
        if (on === 'email') throw new DomainError('email_taken', { field: 'email' });
        if (on === 'username') throw new DomainError('username_taken', { field: 'username' });
        throw err;
      }
    }
  }

  async function writeAdmin(
    email: string,
    password: string,
    name: OperatorName | undefined,
  ): Promise<{ id: string; created: boolean; roleBefore?: string | null }> {
    const now = ctx.clock.now();
    const clean = email.trim().toLowerCase();
    if (password.length < MIN_PASSWORD_LENGTH) throw new DomainError('password_too_short');
    const existing = await repo.findUserByEmail(ctx.db, clean);
    const passwordHash = await hash(password);
    if (existing) {
      await repo.setRole(ctx.db, existing.id, 'admin', now);
      await repo.setPasswordHash(ctx.db, existing.id, passwordHash, now);
      await markEmailVerified(ctx.db, ctx.dialect, existing.id, now);
      if (name) await repo.setName(ctx.db, existing.id, name, now);
      return { id: existing.id, created: false, roleBefore: existing.role ?? null };
    }
    // Every operator has their own name: colleagues read it on each decision (issue 46, item 5).
    if (!name) throw new DomainError('operator_name_required');
    const local =
      clean
        .split('@')[0]!
        .replace(/[^a-zA-Z0-9_.]/g, '')
        .slice(0, 20) || 'admin';
    let username = local.length >= 3 ? local : `admin_${local}`;
    if (await repo.usernameExists(ctx.db, username)) username = `${username.slice(0, 20)}_${randomInt(1000, 9999)}`;
    const { id } = await create({
      email: clean,
      username,
      passwordHash,
      firstName: name.firstName,
      lastName: name.lastName,
      fullName: name.fullName,
      birthDate: '1970-01-01',
      country: 'HT',
      phone: '+50900000000',
      locale: 'fr',
      role: 'admin',
      emailVerified: true,
      now,
    });
    return { id, created: true };
  }

  const service = {
    /** Where UIDs come from; tests replace it to force a collision. */
    nextUid: (): string => makeUid(() => randomInt(0, 900_000) / 900_000),

    /** Creates the auth user, its password and the profile with a fresh UID, all or nothing. */
    async signup(input: SignupInput, locale: Locale): Promise<{ id: string; uid: string }> {
      const now = ctx.clock.now();
      const checked = checkSignup(input, now);
      if (!checked.ok) throw new DomainError(checked.problem.code, { field: checked.problem.field });
      const v = checked.value;
      if (await repo.emailExists(ctx.db, v.email)) throw new DomainError('email_taken', { field: 'email' });
      if (await repo.usernameExists(ctx.db, v.username)) throw new DomainError('username_taken', { field: 'username' });
      // The confirmation e-mail commits with the account: a crash in between would leave an
      // account nobody can confirm without asking for a new link.
      return create({ ...v, locale, role: 'user', now, passwordHash: await hash(v.password) }, (trx, account) =>
        security.queueVerification(trx, { userId: account.id, email: account.email, locale }),
      );
    },

    /**
     * Creates an operator account, or promotes (and re-passwords) an existing one. Used by the CLI
     * and by the first start of an empty embedded database. Every creation or promotion of an
     * operator lands in the audit trail (CLI and first start included).
     */
    async createOrPromoteAdmin(
      email: string,
      password: string,
      by: { actorId: string; source: AuditSource } = { actorId: 'cli', source: CLI_SOURCE },
      name?: OperatorName,
    ): Promise<{ id: string; created: boolean }> {
      const result = await writeAdmin(email, password, name);
      await recordAudit(
        ctx.db,
        {
          actorId: by.actorId,
          action: result.created ? 'operator.create' : 'operator.promote',
          target: { type: 'user', id: result.id },
          source: by.source,
          before: result.created ? null : { role: result.roleBefore },
          after: { role: 'admin', email: email.trim().toLowerCase(), ...(name ? { name: name.fullName } : {}) },
        },
        ctx.clock.now(),
      );
      return { id: result.id, created: result.created };
    },

    async countUsers(): Promise<number> {
      return repo.countUsers(ctx.db);
    },

    async me(userId: string): Promise<Me> {
      const [profile, flags] = await Promise.all([
        repo.findProfile(ctx.db, userId),
        repo.findUserFlags(ctx.db, userId),
      ]);
      if (!profile || !flags) throw new DomainError('profile_not_found');
      const [money, freeze, holds, closure] = await Promise.all([
        getMoneySummary(ctx.db, userId, ctx.clock.now()),
        findFreeze(ctx.db, userId),
        security.securityHoldsHoursLeft(userId),
        findClosure(ctx.db, userId),
      ]);
      return {
        id: profile.user_id,
        uid: profile.uid,
        username: profile.username,
        email: profile.email,
        firstName: profile.first_name,
        lastName: profile.last_name,
        fullName: profile.full_name,
        country: profile.country,
        countryNames: countryNames(profile.country),
        locale: profile.locale,
        isAdmin: flags.role === 'admin',
        memberSince: profile.created_at,
        balance: toDecimalString(money.balanceCents),
        invested: toDecimalString(money.investedCents),
        withdrawalHold: toDecimalString(money.withdrawalHoldCents),
        totalInvested: toDecimalString(money.totalInvestedCents),
        level: levelFor(money.totalInvestedCents),
        firstInvestmentDate: money.firstInvestmentDate,
        withdrawalLockDaysLeft: money.withdrawalLockDaysLeft,
        twoFactorEnabled: flags.twoFactorEnabled === true || flags.twoFactorEnabled === 1,
        emailVerified: flags.emailVerified === true || flags.emailVerified === 1,
        withdrawalPasswordHoldHoursLeft: holds.password,
        withdrawalSecondFactorHoldHoursLeft: holds.secondFactor,
        frozen: freeze ? { since: freeze.frozen_at, supportEmail: ctx.config.supportEmail } : null,
        closure: closure ? { state: closure.state, requestedAt: closure.requested_at } : null,
      };
    },

    async setLocale(userId: string, locale: Locale): Promise<void> {
      await repo.updateLocale(ctx.db, userId, locale, ctx.clock.now());
    },

    async localeOf(userId: string): Promise<Locale> {
      return (await repo.findLocale(ctx.db, userId)) ?? 'fr';
    },

    async findUserByEmail(email: string) {
      return repo.findUserByEmail(ctx.db, email);
    },
  };
  return service;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
