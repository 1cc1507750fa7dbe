import { DAY_MS } from './clock';

/**
 * The retention schedule as data (issue 28, item 4; decision 039): what is kept after an account
 * closes, on which legal basis, from which event, for how long, and what happens at the end. The
 * daily retention job (src/server/modules/closure/retention.job.ts) runs exactly this table; the
 * operations guide prints it. Durations are in days (years of 365 days plus the leap days they may
 * hold: 5 years = 1827 days, 10 years = 3653 days, 12 months = 366 days), so that no horizon falls
 * a day short of the law.
 */
export type RetentionCategory =
  'no_legal_basis' | 'identity_documents' | 'contact_details' | 'sessions_security_logs' | 'ledger_audit';

export type RetentionAction =
  /** Delete the rows and the stored files. */
  | 'delete'
  /** Replace personal fields by a pseudonym (the rows stay, the person is no longer named). */
  | 'pseudonymise'
  /** Delete the rows past the horizon (no person left in them). */
  | 'purge';

export type RetentionEvent = 'closure';

export interface RetentionRule {
  category: RetentionCategory;
  /** Legal basis of keeping it that long (shown to operators and in the written answer). */
  basis: string;
  from: RetentionEvent;
  days: number;
  action: RetentionAction;
  /** What the category holds, for the operations guide. */
  holds: string;
}

export const YEAR_DAYS = 365;
const years = (n: number) => n * YEAR_DAYS + Math.ceil(n / 4);

/** In the order the job applies them (shortest horizon first). */
export const retentionSchedule: readonly RetentionRule[] = [
  {
    category: 'no_legal_basis',
    basis: 'none: kept only while the account is open (GDPR art. 5(1)(e), storage limitation)',
    from: 'closure',
    days: 0,
    action: 'delete',
    holds: 'support conversations, monthly performance history, proof-of-liabilities nonces',
  },
  {
    category: 'sessions_security_logs',
    basis: 'CNIL recommendation on logging (délibération 2021-122): 6 to 12 months',
    from: 'closure',
    days: years(1),
    action: 'purge',
    holds:
      'sessions, known devices, sign-in failures, security settings, rate-limit rows; IP addresses and browsers in the audit trail',
  },
  {
    category: 'identity_documents',
    basis: 'CMF L561-12 (AML records: 5 years from the end of the relationship)',
    from: 'closure',
    days: years(5),
    action: 'delete',
    holds:
      'identity submissions (document type, number, expiry), their four images, fingerprints and matches; deposit proof images',
  },
  {
    category: 'contact_details',
    basis: 'CMF L561-12 (identification of the customer: 5 years from the end of the relationship)',
    from: 'closure',
    days: years(5),
    action: 'pseudonymise',
    holds:
      'name, username, e-mail, phone, birth date, wallet addresses, operators’ notes, e-mails sent, the sign-in password, the back office’s search terms',
  },
  {
    category: 'ledger_audit',
    basis: 'Code de commerce L123-22 (accounting records: 10 years)',
    from: 'closure',
    days: years(10),
    action: 'pseudonymise',
    holds:
      'journal, ledger entries, requests and their amounts, the sealed audit trail: kept under the person’s random id only',
  },
];

/**
 * The one rule that runs for every account, open or closed, from each record's own date: sessions
 * that expired, sign-in failures and devices not seen for twelve months are purged (the same CNIL
 * basis as `sessions_security_logs`, which at closure takes the rest of them).
 */
export const rollingSecurityLogs = {
  category: 'stale_security_logs',
  basis: 'CNIL recommendation on logging (délibération 2021-122): 6 to 12 months',
  days: years(1),
  action: 'purge',
  holds: 'expired sessions, sign-in failures and devices not seen for twelve months, of every account',
} as const;

/** Records older than this instant fall under the rolling rule at `now`. */
export function rollingCutoff(now: Date): Date {
  return new Date(now.getTime() - rollingSecurityLogs.days * DAY_MS);
}

/** When a rule's horizon is reached for an account closed at `closedAt`. */
export function horizonOf(rule: RetentionRule, closedAt: Date): Date {
  return new Date(closedAt.getTime() + rule.days * DAY_MS);
}

/** The rules whose horizon has passed at `now` and that are not done yet. */
export function dueRules(closedAt: Date, now: Date, done: ReadonlySet<RetentionCategory>): RetentionRule[] {
  return retentionSchedule.filter((r) => !done.has(r.category) && horizonOf(r, closedAt) <= now);
}

export interface ErasureAnswer {
  /** When the answer was written. */
  at: string;
  /** What was erased now (categories whose horizon had passed, or that no law keeps). */
  erased: RetentionCategory[];
  /** What the law still keeps, on which basis, until when. */
  remaining: Array<{ category: RetentionCategory; basis: string; until: string }>;
}

/**
 * An erasure request (GDPR art. 17) inside retention windows is executed partly: what no rule keeps
 * any longer is erased now; the rest stays until its horizon, said in a dated answer.
 */
export function erasureAnswer(closedAt: Date, now: Date, done: ReadonlySet<RetentionCategory>): ErasureAnswer {
  const erased: RetentionCategory[] = [];
  const remaining: ErasureAnswer['remaining'] = [];
  for (const rule of retentionSchedule) {
    const until = horizonOf(rule, closedAt);
    if (done.has(rule.category) || until <= now) erased.push(rule.category);
    else remaining.push({ category: rule.category, basis: rule.basis, until: until.toISOString() });
  }
  return { at: now.toISOString(), erased, remaining };
}
