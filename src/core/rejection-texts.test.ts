import { describe, expect, it } from 'vitest';
import {
  fillReason,
  investorReason,
  investorReasonCodes,
  reasonsFor,
  rejectionReasonCodes,
  rejectionReasons,
  type ReviewKind,
} from './rejection-reasons';
import { reasonTexts, type ReasonLanguage } from './rejection-texts';
import { frenchSpacingProblems } from '../../tests/support/typography';

const languages: ReasonLanguage[] = ['fr', 'en', 'es'];
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('rejection reason catalogue', () => {
  it.each(languages)('%s has every text, non-empty, and nothing the catalogue lacks', (lng) => {
    const texts = reasonTexts[lng];
    expect(Object.keys(texts.investor).sort()).toEqual([...investorReasonCodes].sort());
    expect(Object.keys(texts.label).sort()).toEqual([...rejectionReasonCodes].sort());
    expect(Object.keys(texts.note).sort()).toEqual([...rejectionReasonCodes].sort());
    for (const part of [texts.investor, texts.label, texts.note])
      for (const [code, text] of Object.entries(part)) expect(text.trim(), `${lng} ${code}`).not.toBe('');
  });

  it.each(['en', 'es'] as const)('%s names the same placeholders as French', (lng) => {
    for (const part of ['investor', 'label', 'note'] as const)
      for (const [code, text] of Object.entries(reasonTexts[lng][part]))
        expect(placeholders(text), `${lng} ${part}.${code}`).toEqual(
          placeholders((reasonTexts.fr[part] as Record<string, string>)[code]!),
        );
  });

  it('names only values the request has: a deposit has no coin nor address, an identity verification no amount', () => {
    const values: Record<ReviewKind, string[]> = {
      deposit: ['amount'],
      withdrawal: ['amount', 'crypto', 'address'],
      identity: [],
    };
    for (const code of investorReasonCodes) {
      const kinds: readonly ReviewKind[] =
        code === 'request_declined' ? ['deposit', 'withdrawal', 'identity'] : rejectionReasons[code].appliesTo;
      // Only what every review the code applies to has.
      const allowed = kinds.reduce((names, kind) => names.filter((n) => values[kind].includes(n)), values.withdrawal);
      for (const lng of languages)
        for (const name of placeholders(reasonTexts[lng].investor[code]))
          expect(allowed, `${lng} ${code} names {{${name}}}`).toContain(name);
    }
  });

  it('shows every final compliance reason as the one neutral code, and no final reason is retryable', () => {
    const finals = rejectionReasonCodes.filter((c) => rejectionReasons[c].final);
    expect(finals.length).toBeGreaterThan(1);
    for (const code of finals) {
      expect(investorReason(code)).toBe('request_declined');
      expect(rejectionReasons[code].retryable).toBe(false);
    }
    expect(investorReason('amount_mismatch')).toBe('amount_mismatch');
    // The neutral text names nothing about what was checked.
    for (const lng of languages)
      expect(reasonTexts[lng].investor.request_declined).not.toMatch(
        /complian|conformit|cumplimiento|sanction|origin|origen/i,
      );
  });

  it('offers each review the codes that apply to it', () => {
    expect(reasonsFor('deposit')).toContain('amount_mismatch');
    expect(reasonsFor('deposit')).not.toContain('address_invalid');
    expect(reasonsFor('withdrawal')).toContain('address_invalid');
    expect(reasonsFor('withdrawal')).not.toContain('proof_unreadable');
    // Identity verification: its own codes and the final compliance ones that fit a person, never a money reason.
    expect(reasonsFor('identity')).toEqual(
      expect.arrayContaining(['identity_document_unreadable', 'compliance_document_fraud']),
    );
    expect(reasonsFor('identity')).not.toContain('amount_mismatch');
    expect(reasonsFor('identity')).not.toContain('compliance_source_of_funds');
    expect(reasonsFor('deposit')).not.toContain('identity_selfie_mismatch');
  });

  it('French puts a no-break space before : ; ! and ?, in what the person and the operator read', () => {
    const { investor, label, note } = reasonTexts.fr;
    const texts = [...Object.values(investor), ...Object.values(label), ...Object.values(note)];
    expect(texts.flatMap(frenchSpacingProblems)).toEqual([]);
  });

  it('fills placeholders and leaves an unknown one visible', () => {
    expect(fillReason('a {{amount}} b {{ crypto }}', { amount: '10 $', crypto: 'BTC' })).toBe('a 10 $ b BTC');
    expect(fillReason('{{address}}', {})).toBe('{{address}}');
  });
});
