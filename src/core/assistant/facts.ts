import type { Area } from '../areas';
import { toDecimalString, type Cents } from '../money';
import type { InvestorReason } from '../rejection-reasons';
import { elapsed } from './duration';
import type { Intent } from './lexicon';

/**
 * An account fact the assistant states: a catalogue key and its values, never a sentence. The
 * server computes it from stored data; the browser words it in the investor's language and
 * formats its amounts and dates there, so a fact reads right in French, English and Spanish.
 */
export type FactValue =
  | { type: 'money'; amount: string }
  | { type: 'datetime'; at: string }
  | { type: 'count'; value: number }
  | { type: 'area'; value: Area }
  | { type: 'text'; value: string }
  /** A rejection reason of the catalogue, as the person sees it: worded by the catalogue's own text. */
  | { type: 'reason'; value: InvestorReason }
  /** An amount of a coin as a decimal string of up to 8 decimals ("0.00125"), worded with its coin. */
  | { type: 'coins'; amount: string; coin: string }
  /** A time waited so far ("3 hours", "30 days"): see `elapsed`. */
  | { type: 'duration'; unit: 'moments' | 'minutes' | 'hours' | 'days'; count?: number };

/** Screens a fact may link to: where the investor acts on it. */
export const factLinks = [
  '/invest',
  '/withdraw',
  '/deposit',
  '/portfolio',
  '/cashier',
  '/internal-transfer',
  '/profile',
] as const;
export type FactLink = (typeof factLinks)[number];

export interface Fact {
  key: string;
  values: Record<string, FactValue>;
  link?: FactLink;
}

/** The questions answered from the investor's own account, and the intent that asks each. */
export const topics = ['withdraw', 'deposit', 'stop', 'transfer', 'limits', 'portfolio'] as const;
export type Topic = (typeof topics)[number];

export function topicOf(intent: Intent): Topic | undefined {
  return (topics as readonly string[]).includes(intent) ? (intent as Topic) : undefined;
}

export const money = (cents: Cents): FactValue => ({ type: 'money', amount: toDecimalString(cents) });
export const datetime = (at: Date | string): FactValue => ({
  type: 'datetime',
  at: typeof at === 'string' ? at : at.toISOString(),
});
export const count = (value: number): FactValue => ({ type: 'count', value });
export const waited = (from: Date, now: Date): FactValue => ({ type: 'duration', ...elapsed(from, now) });
