/**
 * Monitoring rules for operators (issue 26, item 6; decision 035). Pure: the money facts of the
 * journal go in, alerts come out; every threshold is a parameter (MONITORING_* in the config). An
 * alert is never shown to the investor it is about.
 *
 * A rule raises at most one alert per (rule, subject, window): the `windowKey` names the window,
 * and the database keeps one row per key, so evaluating the same facts again raises nothing new.
 */

const HOUR_MS = 3_600_000;

export const alertRules = ['large_deposit', 'out_after_in', 'near_threshold', 'fan_in'] as const;
/** The longest note an operator resolves an alert with. */
/** Alerts per page of the back office's list. */
export const ALERT_PAGE = 50;
export const ALERT_NOTE_MAX = 1000;
export type AlertRule = (typeof alertRules)[number];

/** One movement of money as the journal holds it, seen from the person it credits. */
export interface MoneyFact {
  /** `deposit`: an approved deposit; `withdrawal`: a withdrawal requested (its hold); `transfer`: money received from another person. */
  kind: 'deposit' | 'withdrawal' | 'transfer';
  /** The journal transaction. */
  txId: string;
  /** The request or transfer behind it (a deposit credited by the command line has none). */
  refId: string | null;
  /** Whose account it credits: the depositor, the person withdrawing, the transfer's recipient. */
  userId: string;
  /** A transfer's sender. */
  senderId: string | null;
  amountCents: number;
  /** When the money moved (ISO 8601). */
  at: string;
}

export interface MonitoringParams {
  /** A single deposit of this many cents or more (0: the rule is off). */
  largeDepositFromCents: number;
  /** A withdrawal requested within this many hours after money came in. */
  outAfterInHours: number;
  /** At least `count` deposits in [fromCents, belowCents) within `hours`: just under the dual-control threshold. */
  nearThreshold: { fromCents: number; belowCents: number; count: number; hours: number };
  /** At least `senders` different people paying one person within `hours`. */
  fanIn: { senders: number; hours: number };
}

/** What a rule compared the facts with, kept in the alert as evidence. */
export interface AlertThresholds {
  amountFromCents?: number;
  amountBelowCents?: number;
  hours?: number;
  count?: number;
}

export interface AlertCandidate {
  rule: AlertRule;
  /** The person the alert is about. */
  userId: string;
  windowKey: string;
  /** The instant of the fact that tripped the rule. */
  trippedAt: string;
  thresholds: AlertThresholds;
  /** The facts that tripped it, oldest first. */
  facts: MoneyFact[];
}

/**
 * The band "just under the dual-control threshold": from `pct` per cent below it up to one cent
 * below it. Empty (the rule is off) when every approval already needs two operators.
 */
export function nearThresholdBand(
  dualControlFromCents: number,
  pct: number,
): { fromCents: number; belowCents: number } {
  return {
    fromCents: dualControlFromCents - Math.floor((dualControlFromCents * pct) / 100),
    belowCents: dualControlFromCents,
  };
}

const time = (f: MoneyFact) => Date.parse(f.at);
/** Chronological, ties broken by the journal id (time-ordered), so that every run sees one order. */
const chronological = (a: MoneyFact, b: MoneyFact) =>
  time(a) - time(b) || (a.txId < b.txId ? -1 : a.txId > b.txId ? 1 : 0);
/** Facts up to `trigger` (itself included) and no older than `hours` before it. */
const within = (facts: MoneyFact[], trigger: MoneyFact, hours: number) => {
  const end = time(trigger);
  const start = end - hours * HOUR_MS;
  return facts.filter((f) => time(f) >= start && chronological(f, trigger) <= 0);
};

function largeDeposit(t: MoneyFact, p: MonitoringParams): AlertCandidate | null {
  const from = p.largeDepositFromCents;
  if (t.kind !== 'deposit' || from <= 0 || t.amountCents < from) return null;
  return {
    rule: 'large_deposit',
    userId: t.userId,
    windowKey: t.txId,
    trippedAt: t.at,
    thresholds: { amountFromCents: from },
    facts: [t],
  };
}

function outAfterIn(t: MoneyFact, mine: MoneyFact[], p: MonitoringParams): AlertCandidate | null {
  if (t.kind !== 'withdrawal') return null;
  const moneyIn = within(mine, t, p.outAfterInHours).filter((f) => f.kind !== 'withdrawal');
  if (moneyIn.length === 0) return null;
  return {
    rule: 'out_after_in',
    userId: t.userId,
    windowKey: t.txId,
    trippedAt: t.at,
    thresholds: { hours: p.outAfterInHours },
    facts: [...moneyIn, t],
  };
}

function nearThreshold(t: MoneyFact, mine: MoneyFact[], p: MonitoringParams): AlertCandidate | null {
  const { fromCents, belowCents, count, hours } = p.nearThreshold;
  const inBand = (f: MoneyFact) => f.kind === 'deposit' && f.amountCents >= fromCents && f.amountCents < belowCents;
  if (!inBand(t)) return null;
  const window = within(mine, t, hours).filter(inBand);
  if (window.length < count) return null;
  return {
    rule: 'near_threshold',
    userId: t.userId,
    // The window is named by its first deposit: later deposits of the same burst add no alert.
    windowKey: window[0]!.txId,
    trippedAt: t.at,
    thresholds: { amountFromCents: fromCents, amountBelowCents: belowCents, count, hours },
    facts: window,
  };
}

function fanIn(t: MoneyFact, mine: MoneyFact[], p: MonitoringParams): AlertCandidate | null {
  if (t.kind !== 'transfer') return null;
  const window = within(mine, t, p.fanIn.hours).filter((f) => f.kind === 'transfer');
  if (new Set(window.map((f) => f.senderId)).size < p.fanIn.senders) return null;
  return {
    rule: 'fan_in',
    userId: t.userId,
    windowKey: window[0]!.txId,
    trippedAt: t.at,
    thresholds: { count: p.fanIn.senders, hours: p.fanIn.hours },
    facts: window,
  };
}

/**
 * The alerts that the new facts (`triggers`) raise, given everything known around them (`history`:
 * the same people's facts over the rules' windows, triggers included or not). Each trigger is
 * judged with the facts up to it, so the result does not depend on how the facts were batched; of
 * two candidates for one window the earlier stands (it is what tripped the rule).
 */
export function evaluateAlerts(triggers: MoneyFact[], history: MoneyFact[], p: MonitoringParams): AlertCandidate[] {
  const all = new Map<string, MoneyFact>();
  for (const f of [...history, ...triggers]) all.set(f.txId, f);
  const byUser = new Map<string, MoneyFact[]>();
  for (const f of [...all.values()].sort(chronological)) {
    const list = byUser.get(f.userId) ?? [];
    list.push(f);
    byUser.set(f.userId, list);
  }
  const out = new Map<string, AlertCandidate>();
  for (const t of [...triggers].sort(chronological)) {
    const mine = byUser.get(t.userId) ?? [];
    for (const c of [largeDeposit(t, p), outAfterIn(t, mine, p), nearThreshold(t, mine, p), fanIn(t, mine, p)]) {
      const key = `${c?.rule}|${c?.userId}|${c?.windowKey}`;
      if (c && !out.has(key)) out.set(key, c);
    }
  }
  return [...out.values()];
}

/** How far back `history` must reach before the oldest trigger for every rule to see its window. */
export function historyHours(p: MonitoringParams): number {
  return Math.max(p.outAfterInHours, p.nearThreshold.hours, p.fanIn.hours);
}
