/**
 * Identity verification's rules (issue 26, item 1; decision 036): which documents are accepted,
 * which need a back, what a document number may be, when a document counts as expired, and the
 * facts a tier can later be derived from. Pure: the server and the web app both use them.
 */

export const identityDocumentTypes = ['id_card', 'passport', 'residence_permit', 'driving_licence'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

/** The four images of a submission, in the order an operator reads them side by side. */
export const identitySlots = ['front', 'back', 'selfie', 'address'] as const;
export type IdentitySlot = (typeof identitySlots)[number];

/** A passport is one page; every other accepted document has a back that carries part of its data. */
export function needsBack(type: IdentityDocumentType): boolean {
  return type !== 'passport';
}

/** The slots a submission of this document type must fill. */
export function requiredSlots(type: IdentityDocumentType): IdentitySlot[] {
  return identitySlots.filter((slot) => slot !== 'back' || needsBack(type));
}

/**
 * A document number as printed, spaces and dashes people type removed, upper case: 4 to 30 letters
 * and digits (French cards have 12, passports 9, foreign documents vary). Null when it cannot be one.
 */
export function normalizeDocumentNumber(input: string): string | null {
  const compact = input.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,30}$/.test(compact) ? compact : null;
}

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A document is valid through its expiry day and expired from the next day (UTC). */
export function isExpired(expiry: string, now: Date): boolean {
  return expiry < dayOf(now);
}

/**
 * How many days before its document expires a verification may be renewed, and the person is warned
 * by e-mail (issue 46, item 1; decision 050).
 */
export const RENEWAL_WINDOW_DAYS = 30;

/** The day a document's renewal opens: RENEWAL_WINDOW_DAYS before it expires. */
function renewalOpensOn(expiry: string): string {
  const d = new Date(`${expiry}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - RENEWAL_WINDOW_DAYS);
  return dayOf(d);
}

/** A verification may be renewed once its document expires within the window, or has expired. */
export function isRenewable(expiry: string, now: Date): boolean {
  return renewalOpensOn(expiry) <= dayOf(now);
}

/** Still valid, but expiring within the window: the profile warns and offers the renewal. */
export function expiresSoon(expiry: string, now: Date): boolean {
  return isRenewable(expiry, now) && !isExpired(expiry, now);
}

export type IdentityStatus = 'none' | 'pending' | 'verified' | 'rejected';

/**
 * What a tier can be derived from (issue 26, item 2, built later): each fact stands alone, so that
 * a tier table can ask for any combination. A verified submission verifies the identity and the
 * address together, since its proof of address is reviewed with it; a verified document that has
 * expired since no longer counts as a verified identity.
 */
export interface VerificationFacts {
  emailVerified: boolean;
  identityVerified: boolean;
  addressVerified: boolean;
}

export function verificationFacts(
  input: { emailVerified: boolean; identity: { status: IdentityStatus; documentExpiry: string | null } },
  now: Date,
): VerificationFacts {
  const verified =
    input.identity.status === 'verified' &&
    input.identity.documentExpiry !== null &&
    !isExpired(input.identity.documentExpiry, now);
  return { emailVerified: input.emailVerified, identityVerified: verified, addressVerified: verified };
}
