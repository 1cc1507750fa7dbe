import { describe, expect, it } from 'vitest';
import {
  expiresSoon,
  isExpired,
  isRenewable,
  normalizeDocumentNumber,
  requiredSlots,
  verificationFacts,
} from './identity';

describe('identity rules', () => {
  it('a document is valid through its expiry day (UTC) and expired the day after', () => {
    expect(isExpired('2026-11-26', new Date('2026-11-26T23:59:59Z'))).toBe(false);
    expect(isExpired('2026-11-25', new Date('2026-11-26T00:00:00Z'))).toBe(true);
    expect(isExpired('2030-01-01', new Date('2026-11-26T12:00:00Z'))).toBe(false);
  });

  it('opens the renewal 30 days before the expiry (UTC days), warns until the expiry day, then says expired', () => {
    const at = (iso: string) => new Date(iso);
    expect(isRenewable('2027-03-31', at('2027-02-28T23:59:59Z'))).toBe(false);
    expect(isRenewable('2027-03-31', at('2027-03-01T00:00:00Z'))).toBe(true);
    expect(expiresSoon('2027-03-31', at('2027-03-01T00:00:00Z'))).toBe(true);
    expect(expiresSoon('2027-03-31', at('2027-03-31T23:59:59Z'))).toBe(true);
    expect(expiresSoon('2027-03-31', at('2027-04-01T00:00:00Z'))).toBe(false);
    expect(isRenewable('2027-03-31', at('2028-01-01T00:00:00Z'))).toBe(true);
  });

  it('reads a document number as printed and refuses what cannot be one', () => {
    expect(normalizeDocumentNumber(' 12ab 34-5678 ')).toBe('12AB345678');
    expect(normalizeDocumentNumber('x1')).toBeNull();
    expect(normalizeDocumentNumber('12AB/34')).toBeNull();
    expect(normalizeDocumentNumber('A'.repeat(31))).toBeNull();
  });

  it('asks a passport for no back and every other document for one', () => {
    expect(requiredSlots('passport')).toEqual(['front', 'selfie', 'address']);
    expect(requiredSlots('id_card')).toEqual(['front', 'back', 'selfie', 'address']);
  });

  it('derives the facts a tier will need: verified identity and address together, lost when the document expires', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const facts = (status: 'none' | 'pending' | 'verified' | 'rejected', expiry: string | null) =>
      verificationFacts({ emailVerified: true, identity: { status, documentExpiry: expiry } }, now);
    expect(facts('verified', '2030-01-01')).toEqual({
      emailVerified: true,
      identityVerified: true,
      addressVerified: true,
    });
    expect(facts('verified', '2026-11-25').identityVerified).toBe(false);
    expect(facts('pending', '2030-01-01').identityVerified).toBe(false);
    expect(facts('none', null)).toEqual({ emailVerified: true, identityVerified: false, addressVerified: false });
  });
});
