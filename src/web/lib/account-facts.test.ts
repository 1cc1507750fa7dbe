import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveChainDeposit } from '../../core/assistant/resolvers/chain-deposit';
import { resolveDeposit } from '../../core/assistant/resolvers/deposit';
import { resolveInvestments } from '../../core/assistant/resolvers/investment';
import { resolveLimits } from '../../core/assistant/resolvers/limits';
import { resolvePortfolio } from '../../core/assistant/resolvers/portfolio';
import { resolveTransfers } from '../../core/assistant/resolvers/transfer';
import { resolveWithdrawal, type WithdrawalState } from '../../core/assistant/resolvers/withdrawal';
import { INVESTMENT_LOCK_DAYS, WITHDRAWAL_LOCK_DAYS } from '../../core/locks';
import { fillReason } from '../../core/rejection-reasons';
import { reasonTexts } from '../../core/rejection-texts';
import en from '../locales/en/assistant.json';
import es from '../locales/es/assistant.json';
import fr from '../locales/fr/assistant.json';
import { formatDateTime } from './format';
import type { Language } from './i18n';
import { factText } from './account-facts';

// The real module sets up i18next for a browser; these tests pass the language explicitly.
vi.mock('./i18n', () => ({ currentLanguage: () => 'fr' }));

/**
 * Every resolver's facts, seeded and worded in the three languages: the exact amounts in the
 * product's money format, the exact dates in the language's own format, no key left showing.
 */
const languages: Language[] = ['fr', 'en', 'es'];
const t: Record<Language, TFunction> = {} as never;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    resources: { fr: { assistant: fr }, en: { assistant: en }, es: { assistant: es } },
    lng: 'fr',
    defaultNS: 'assistant',
    interpolation: {
      escapeValue: false,
      defaultVariables: { investmentLockDays: INVESTMENT_LOCK_DAYS, withdrawalLockDays: WITHDRAWAL_LOCK_DAYS },
    },
  });
  for (const lng of languages) t[lng] = i18n.getFixedT(lng, 'assistant');
});

const now = new Date('2026-11-25T12:00:00.000Z');
const say = (facts: ReturnType<typeof resolveTransfers>, lng: Language) => facts.map((f) => factText(f, t[lng], lng));
function expectWorded(lines: string[]) {
  for (const line of lines) {
    expect(line).not.toMatch(/facts\.|\{\{|undefined|NaN/);
  }
}

const withdrawal: WithdrawalState = {
  frozen: false,
  supportEmail: 'support@example.test',
  emailVerified: true,
  firstInvestmentAt: '2026-11-10T09:30:00.000Z',
  passwordChangedAt: '2026-11-25T08:15:00.000Z',
  secondFactorRemovedAt: null,
  availableCents: 125_000,
  investedCents: 1_234_567,
  heldCents: 20_000,
  pending: [
    { amountCents: 20_000, createdAt: '2026-11-24T10:00:00.000Z', firstApprovedAt: '2026-11-25T09:00:00.000Z' },
  ],
  limits: null,
};

describe.each(languages)('account facts worded in %s', (lng) => {
  it('a blocked withdrawal: unlock date and time, password hold, second approval, balances', () => {
    const lines = say(resolveWithdrawal(withdrawal, now), lng);
    expectWorded(lines);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(formatDateTime('2026-12-10T09:30:00.000Z', lng));
    expect(lines[0]).toContain('15');
    expect(lines[0]).toContain(String(WITHDRAWAL_LOCK_DAYS));
    expect(lines[1]).toContain(formatDateTime('2026-11-26T08:15:00.000Z', lng));
    expect(lines[2]).toContain('$200.00');
    expect(lines[2]).toContain(formatDateTime('2026-11-25T09:00:00.000Z', lng));
    expect(lines[3]).toContain('$1,250.00');
    expect(lines[3]).toContain('$12,345.67');
  });

  it('an open withdrawal, an unconfirmed address, a frozen account, everything invested', () => {
    const open = say(
      resolveWithdrawal({ ...withdrawal, firstInvestmentAt: null, passwordChangedAt: null, pending: [] }, now),
      lng,
    );
    expect(open[0]).toContain('$1,250.00');
    const frozen = say(
      resolveWithdrawal({ ...withdrawal, frozen: true, emailVerified: false, availableCents: 0 }, now),
      lng,
    );
    expect(frozen[0]).toContain('support@example.test');
    expect(frozen.at(-1)).toContain('$12,345.67');
    expectWorded([...open, ...frozen]);
  });

  it('every deposit state: waiting with its place, overdue, second approval, approved, rejected with its note', () => {
    const pending = {
      amountCents: 50_000,
      status: 'pending' as const,
      processedAt: null,
      adminNotes: null,
      firstApprovedAt: null,
    };
    const lines = say(
      resolveDeposit(
        {
          deposits: [
            { ...pending, createdAt: '2026-11-25T02:00:00.000Z', ahead: 2 },
            { ...pending, createdAt: '2026-11-23T02:00:00.000Z', ahead: 0 },
            {
              ...pending,
              createdAt: '2026-11-24T02:00:00.000Z',
              ahead: 1,
              firstApprovedAt: '2026-11-25T01:00:00.000Z',
            },
            {
              ...pending,
              status: 'rejected',
              createdAt: '2026-11-20T02:00:00.000Z',
              processedAt: '2026-11-21T02:00:00.000Z',
              adminNotes: 'Preuve illisible',
              ahead: 0,
            },
          ],
        },
        now,
      ),
      lng,
    );
    expectWorded(lines);
    expect(lines[0]).toMatch(/\b3\b/);
    expect(lines[0]).toContain({ fr: '10 heures', en: '10 hours', es: '10 horas' }[lng]);
    expect(lines[0]).not.toMatch(/\b10 h\b/);
    expect(lines[0]).toContain(formatDateTime('2026-11-27T02:00:00.000Z', lng));
    expect(lines[1]).toContain({ fr: 'depuis 2 jours', en: 'for 2 days', es: '2 días' }[lng]);
    expect(lines[2]).toMatch(/\b2\b/);
    expect(lines[3]).toContain('Preuve illisible');
    expect(lines[3]).toContain(formatDateTime('2026-11-21T02:00:00.000Z', lng));
    for (const line of lines) expect(line).toContain('$500.00');
    const approved = say(
      resolveDeposit(
        {
          deposits: [
            {
              ...pending,
              status: 'approved',
              createdAt: '2026-11-20T02:00:00.000Z',
              processedAt: '2026-11-21T02:00:00.000Z',
              ahead: 0,
            },
          ],
        },
        now,
      ),
      lng,
    );
    const none = say(resolveDeposit({ deposits: [] }, now), lng);
    expectWorded([...approved, ...none]);
    expect(approved[0]).toContain('$500.00');
  });

  it('a deposit on chain: waiting at the address, seen, n of m, credited at its rate, to be refunded', () => {
    const payment = {
      coin: 'BTC' as const,
      amount: '0.00125',
      required: 2,
      firstSeenAt: '2026-11-25T10:00:00.000Z',
      outcome: null,
    };
    const chain = (payments: Parameters<typeof resolveChainDeposit>[0]['payments']) =>
      say(
        resolveChainDeposit({
          followed: ['BTC'],
          addresses: [{ coin: 'BTC', address: 'bc1qexample' }],
          payments,
          minimum: '10.00',
        }),
        lng,
      );
    const waiting = chain([]);
    const lines = chain([
      { ...payment, state: 'seen', confirmations: 0 },
      { ...payment, state: 'in_block', confirmations: 1 },
      {
        ...payment,
        state: 'confirmed',
        confirmations: 2,
        outcome: { kind: 'credited', amount: '81.25', rate: '65000.00', refunded: false },
      },
    ]);
    const refund = chain([
      {
        ...payment,
        amount: '0.0001',
        state: 'confirmed',
        confirmations: 2,
        outcome: { kind: 'below_minimum', amount: '6.50', rate: '65000.00', refunded: true },
      },
    ]);
    expectWorded([...waiting, ...lines, ...refund]);
    expect(waiting[0]).toContain('bc1qexample');
    // The coins as the language writes them ("0,00125 BTC" in French and Spanish).
    expect(lines[0]).toContain(lng === 'en' ? '0.00125 BTC' : '0,00125 BTC');
    expect(lines[0]).toContain(formatDateTime('2026-11-25T10:00:00.000Z', lng));
    expect(lines[1]).toMatch(/1 .+ 2/);
    expect(lines[2]).toContain('$81.25');
    expect(lines[2]).toContain('$65,000.00');
    expect(refund[0]).toContain('$6.50');
    expect(refund[0]).toContain('$10.00');
  });

  it('a wait in words: "depuis quelques minutes", "depuis 30 jours"', () => {
    const waiting = (createdAt: string) =>
      say(
        resolveDeposit(
          {
            deposits: [
              {
                amountCents: 100,
                status: 'pending',
                createdAt,
                processedAt: null,
                adminNotes: null,
                firstApprovedAt: null,
                ahead: 0,
              },
            ],
          },
          now,
        ),
        lng,
      )[0]!;
    const fresh = waiting('2026-11-25T11:59:00.000Z');
    const month = waiting('2026-10-26T12:00:00.000Z');
    expect(fresh).toContain(
      { fr: 'depuis quelques minutes', en: 'for a few minutes', es: 'desde hace unos minutos' }[lng],
    );
    expect(month).toContain({ fr: 'depuis 30 jours', en: 'for 30 days', es: 'lleva 30 días' }[lng]);
    for (const line of [fresh, month]) expect(line).not.toMatch(/\b(0|720) h\b/);
  });

  it('a catalogue rejection in the words and fix of the history, with the deposit’s amount', () => {
    const line = say(
      resolveDeposit(
        {
          deposits: [
            {
              amountCents: 50_000,
              status: 'rejected',
              createdAt: '2026-11-20T02:00:00.000Z',
              processedAt: '2026-11-21T02:00:00.000Z',
              adminNotes: null,
              reasonCode: 'amount_mismatch',
              firstApprovedAt: null,
              ahead: 0,
            },
          ],
        },
        now,
      ),
      lng,
    );
    expectWorded(line);
    expect(line[0]).toContain(fillReason(reasonTexts[lng].investor.amount_mismatch, { amount: '$500.00' }));
    expect(line[0]).not.toContain(reasonTexts[lng].investor.proof_unreadable);
  });

  it('the amount invested, in all and per area, and the balance', () => {
    const lines = say(
      resolvePortfolio({
        availableCents: 2_500,
        active: [
          { area: 'real_estate', amountCents: 100_000, valueCents: 100_000 },
          { area: 'crypto', amountCents: 23_456, valueCents: 20_000 },
        ],
      }),
      lng,
    );
    expectWorded(lines);
    expect(lines[0]).toContain('$1,234.56');
    expect(lines[0]).toContain('$1,200.00');
    expect(lines[1]).toContain(t[lng]('areas.crypto'));
    expect(lines[1]).toContain('$234.56');
    expect(lines[2]).toContain(t[lng]('areas.real_estate'));
    expect(lines[3]).toContain('$25.00');
    const one = say(
      resolvePortfolio({ availableCents: 0, active: [{ area: 'stocks', amountCents: 100, valueCents: 100 }] }),
      lng,
    );
    expect(one[0]).toContain('$1.00');
    expectWorded([...one, ...say(resolvePortfolio({ availableCents: 0, active: [] }), lng)]);
  });

  it('investments: when each can be stopped and what it is worth now', () => {
    const lines = say(
      resolveInvestments(
        {
          active: [
            { area: 'real_estate', amountCents: 100_000, valueCents: 100_000, createdAt: '2026-11-24T12:00:00.000Z' },
            { area: 'crypto', amountCents: 100_000, valueCents: 87_654, createdAt: '2026-11-01T12:00:00.000Z' },
          ],
        },
        now,
      ),
      lng,
    );
    expectWorded(lines);
    expect(lines[0]).toContain('$876.54');
    expect(lines[1]).toContain(formatDateTime('2026-11-29T12:00:00.000Z', lng));
    expect(lines[1]).toContain('$1,000.00');
    expectWorded(say(resolveInvestments({ active: [] }, now), lng));
  });

  it('limits: the tier, what is left of each, the cause that blocks a withdrawal, what raises them', () => {
    const withdrawalLimit = { direction: 'withdrawal' as const, perRequest: 10_000, rolling30Days: 15_000 };
    const directions = [
      { direction: 'deposit' as const, perRequest: null, rolling30Days: 100_000, used: 123_45 },
      { ...withdrawalLimit, used: 5_000 },
    ];
    const lines = say(resolveLimits({ tier: 'email', next: 'identity', directions }), lng);
    expectWorded(lines);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('$876.55');
    expect(lines[1]).toContain('$1,000.00');
    expect(lines[1]).toContain('$123.45');
    expect(lines[2]).toContain('$150.00');
    expect(lines[2]).toContain('$50.00');
    expect(lines[3]).toContain('$100.00');
    const reached = {
      tier: 'email' as const,
      next: 'identity' as const,
      directions: [{ ...withdrawalLimit, used: 15_000 }],
    };
    const blocked = say(resolveWithdrawal({ ...withdrawal, limits: reached }, now), lng);
    expectWorded(blocked);
    expect(blocked[2]).toContain('$150.00');
    const closed = {
      tier: 'none' as const,
      next: 'email' as const,
      directions: [{ ...withdrawalLimit, perRequest: 0, used: 0 }],
    };
    const none = say(resolveWithdrawal({ ...withdrawal, limits: closed }, now), lng);
    const factorOff = say(
      resolveWithdrawal({ ...withdrawal, secondFactorRemovedAt: '2026-11-25T11:00:00.000Z' }, now),
      lng,
    );
    expect(factorOff[2]).toContain(formatDateTime('2026-11-26T11:00:00.000Z', lng));
    expect(factorOff[2]).not.toBe(factorOff[1]);
    const tiers = (['none', 'email', 'identity'] as const).flatMap((tier) =>
      say(resolveLimits({ tier, next: null, directions: [] }), lng),
    );
    expectWorded([...none, ...factorOff, ...tiers, ...say(resolveLimits(null), lng)]);
    expect(new Set(tiers).size).toBe(3);
  });

  it('transfers: arrived, with the amount, the other UID and the instant', () => {
    const lines = say(
      resolveTransfers({
        recent: [
          { direction: 'sent', amountCents: 5_000, counterpartUid: 'ATU123456', at: '2026-11-25T10:00:00.000Z' },
        ],
      }),
      lng,
    );
    expectWorded(lines);
    expect(lines[0]).toContain('$50.00');
    expect(lines[0]).toContain('ATU123456');
    expect(lines[0]).toContain(formatDateTime('2026-11-25T10:00:00.000Z', lng));
  });
});

it('words the same fact differently in each language', () => {
  const facts = resolveTransfers({ recent: [] });
  const lines = languages.map((lng) => say(facts, lng)[0]);
  expect(new Set(lines).size).toBe(3);
});
