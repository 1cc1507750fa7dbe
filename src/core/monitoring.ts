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

/**
 * One person's facts in chronological order (ties broken by the journal id, time-ordered, so that
 * every run sees one order), each instant parsed once, with running counts by kind: a window
 * ("no older than `hours` before this fact, up to it") is two indices found by binary search, and
 * what it holds is counted in constant time. Judging a batch is O(n log n), however many facts a
 * window holds (a person paid thousands of times a day used to cost a scan per trigger).
 */
class Timeline {
  readonly facts: MoneyFact[];
  readonly times: number[];
  private readonly at = new Map<string, number>();
  /** `count[k][i]`: facts of kind k among the first i. */
  private readonly count: Record<string, number[]> = {};
  /** `next[k][i]`: the index of the first fact of kind k at or after i (`facts.length` if none). */
  private readonly next: Record<string, number[]> = {};

  constructor(facts: Array<{ fact: MoneyFact; time: number }>, kinds: Record<string, (f: MoneyFact) => boolean>) {
    this.facts = facts.map((e) => e.fact);
    this.times = facts.map((e) => e.time);
    this.facts.forEach((f, i) => this.at.set(f.txId, i));
    for (const [k, is] of Object.entries(kinds)) {
      const count = [0];
      for (const f of this.facts) count.push(count.at(-1)! + (is(f) ? 1 : 0));
      const next = new Array<number>(this.facts.length + 1).fill(this.facts.length);
      for (let i = this.facts.length - 1; i >= 0; i--) next[i] = is(this.facts[i]!) ? i : next[i + 1]!;
      this.count[k] = count;
      this.next[k] = next;
    }
  }

  indexOf(f: MoneyFact): number {
    return this.at.get(f.txId)!;
  }

  /** The first index of the window of `hours` that ends at index `end`. */
  windowStart(end: number, hours: number): number {
    const from = this.times[end]! - hours * HOUR_MS;
    let lo = 0;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many facts of kind k lie in [from, to). */
  countIn(k: string, from: number, to: number): number {
    return this.count[k]![to]! - this.count[k]![from]!;
  }

  firstOf(k: string, from: number): MoneyFact {
    return this.facts[this.next[k]![from]!]!;
  }

  /** The facts in [from, to) that `keep`. */
  slice(from: number, to: number, keep: (f: MoneyFact) => boolean): MoneyFact[] {
    return this.facts.slice(from, to).filter(keep);
  }
}

/**
 * Distinct senders of transfers in a window that only moves forward (its start and its end), as a
 * person's triggers are judged in chronological order: each fact enters and leaves it once.
 */
class SendersInWindow {
  private readonly senders = new Map<string | null, number>();
  private from = 0;
  private to = 0;

  constructor(private readonly line: Timeline) {}

  distinct(from: number, to: number): number {
    for (; this.to < to; this.to++) this.add(this.line.facts[this.to]!, 1);
    for (; this.from < from; this.from++) this.add(this.line.facts[this.from]!, -1);
    return this.senders.size;
  }

  private add(f: MoneyFact, by: 1 | -1): void {
    if (f.kind !== 'transfer') return;
    const n = (this.senders.get(f.senderId) ?? 0) + by;
    if (n === 0) this.senders.delete(f.senderId);
    else this.senders.set(f.senderId, n);
  }
}

const isTransfer = (f: MoneyFact) => f.kind === 'transfer';
const isMoneyIn = (f: MoneyFact) => f.kind !== 'withdrawal';

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

/** A withdrawal requested within `outAfterInHours` after money came in (the trigger's own instant included). */
function outAfterIn(t: MoneyFact, line: Timeline, i: number, p: MonitoringParams): AlertCandidate | null {
  if (t.kind !== 'withdrawal') return null;
  const from = line.windowStart(i, p.outAfterInHours);
  if (line.countIn('in', from, i) === 0) return null;
  return {
    rule: 'out_after_in',
    userId: t.userId,
    windowKey: t.txId,
    trippedAt: t.at,
    thresholds: { hours: p.outAfterInHours },
    facts: [...line.slice(from, i, isMoneyIn), t],
  };
}

type Seen = (rule: AlertRule, userId: string, windowKey: string) => boolean;

/** At least `count` deposits in the band within `hours`, the window named by its first deposit. */
function nearThreshold(
  t: MoneyFact,
  line: Timeline,
  i: number,
  p: MonitoringParams,
  inBand: (f: MoneyFact) => boolean,
  seen: Seen,
): AlertCandidate | null {
  const { fromCents, belowCents, count, hours } = p.nearThreshold;
  if (!inBand(t)) return null;
  const from = line.windowStart(i, hours);
  if (line.countIn('band', from, i + 1) < count) return null;
  // The window is named by its first deposit: later deposits of the same burst add no alert.
  const windowKey = line.firstOf('band', from).txId;
  if (seen('near_threshold', t.userId, windowKey)) return null;
  return {
    rule: 'near_threshold',
    userId: t.userId,
    windowKey,
    trippedAt: t.at,
    thresholds: { amountFromCents: fromCents, amountBelowCents: belowCents, count, hours },
    facts: line.slice(from, i + 1, inBand),
  };
}

/** At least `senders` different people paying one person within `hours`, named by the window's first transfer. */
function fanIn(
  t: MoneyFact,
  line: Timeline,
  senders: SendersInWindow,
  i: number,
  p: MonitoringParams,
  seen: Seen,
): AlertCandidate | null {
  if (t.kind !== 'transfer') return null;
  const from = line.windowStart(i, p.fanIn.hours);
  if (senders.distinct(from, i + 1) < p.fanIn.senders) return null;
  const windowKey = line.firstOf('transfer', from).txId;
  if (seen('fan_in', t.userId, windowKey)) return null;
  return {
    rule: 'fan_in',
    userId: t.userId,
    windowKey,
    trippedAt: t.at,
    thresholds: { count: p.fanIn.senders, hours: p.fanIn.hours },
    facts: line.slice(from, i + 1, isTransfer),
  };
}

/**
 * The alerts that the new facts (`triggers`) raise, given everything known around them (`history`:
 * the same people's facts over the rules' windows, triggers included or not). Each trigger is
 * judged with the facts up to it, so the result does not depend on how the facts were batched; of
 * two candidates for one window the earlier stands (it is what tripped the rule).
 */
export function evaluateAlerts(triggers: MoneyFact[], history: MoneyFact[], p: MonitoringParams): AlertCandidate[] {
  const { fromCents, belowCents } = p.nearThreshold;
  const inBand = (f: MoneyFact) => f.kind === 'deposit' && f.amountCents >= fromCents && f.amountCents < belowCents;
  const all = new Map<string, MoneyFact>();
  for (const f of [...history, ...triggers]) all.set(f.txId, f);
  const byUser = new Map<string, Array<{ fact: MoneyFact; time: number }>>();
  for (const fact of all.values()) {
    const list = byUser.get(fact.userId) ?? [];
    list.push({ fact, time: Date.parse(fact.at) });
    byUser.set(fact.userId, list);
  }
  const lines = new Map<string, { line: Timeline; senders: SendersInWindow }>();
  for (const [userId, list] of byUser) {
    list.sort(inOrder);
    const line = new Timeline(list, { in: isMoneyIn, band: inBand, transfer: isTransfer });
    lines.set(userId, { line, senders: new SendersInWindow(line) });
  }
  const out = new Map<string, AlertCandidate>();
  const key = (rule: AlertRule, userId: string, windowKey: string) => `${rule}|${userId}|${windowKey}`;
  const seen: Seen = (rule, userId, windowKey) => out.has(key(rule, userId, windowKey));
  const ordered = triggers.map((fact) => ({ fact: all.get(fact.txId)!, time: Date.parse(fact.at) })).sort(inOrder);
  for (const { fact: t } of ordered) {
    const { line, senders } = lines.get(t.userId)!;
    const i = line.indexOf(t);
    for (const c of [
      largeDeposit(t, p),
      outAfterIn(t, line, i, p),
      nearThreshold(t, line, i, p, inBand, seen),
      fanIn(t, line, senders, i, p, seen),
    ])
      if (c && !seen(c.rule, c.userId, c.windowKey)) out.set(key(c.rule, c.userId, c.windowKey), c);
  }
  return [...out.values()];
}

/** Chronological, ties broken by the journal id (time-ordered), so that every run sees one order. */
function inOrder(a: { fact: MoneyFact; time: number }, b: { fact: MoneyFact; time: number }): number {
  return a.time - b.time || (a.fact.txId < b.fact.txId ? -1 : a.fact.txId > b.fact.txId ? 1 : 0);
}

/** How far back `history` must reach before the oldest trigger for every rule to see its window. */
export function historyHours(p: MonitoringParams): number {
  return Math.max(p.outAfterInHours, p.nearThreshold.hours, p.fanIn.hours);
}
