import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { ageOn, MINIMUM_AGE, parseBirthDate } from './age';
import type { ErrorCode } from './errors';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';
import { checkName } from './names';

/** Signup rules of spec §5, shared by the server (the authority) and the form (instant feedback). */

export const DEFAULT_COUNTRY = 'HT';
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;
// Deliberately simple ({text}@{text}.{text}); the confirmation comes from the mailbox itself.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignupInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  birthDate: string;
  country: string;
  phone: string;
  acceptTerms: boolean;
}

export type SignupField = keyof SignupInput;

export interface SignupProblem {
  code: ErrorCode;
  field: SignupField;
}

export interface NormalizedSignup {
  firstName: string;
  lastName: string;
  fullName: string;
  username: string;
  email: string;
  password: string;
  birthDate: string;
  country: string;
  phone: string;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function isCountry(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value as CountryCode);
}

/** The number in E.164 when it is a real number of that country, else null. */
export function normalizePhone(phone: string, country: string): string | null {
  if (!isCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(phone.trim(), country);
  if (!parsed || !parsed.isValid() || parsed.country !== country) return null;
  return parsed.number;
}

const requiredText: SignupField[] = [
  'firstName',
  'lastName',
  'username',
  'email',
  'password',
  'confirmPassword',
  'birthDate',
  'country',
  'phone',
];

/** The first broken rule, in the order the form shows them, or the cleaned-up values. */
export function checkSignup(
  input: SignupInput,
  today: Date,
): { ok: false; problem: SignupProblem } | { ok: true; value: NormalizedSignup } {
  const fail = (code: ErrorCode, field: SignupField) => ({ ok: false as const, problem: { code, field } });
  for (const field of requiredText) {
    if (String(input[field] ?? '').trim() === '') return fail('fields_required', field);
  }
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) return fail('invalid_email', 'email');
  // NFKC first: full-width or styled letters become the plain ones the pattern (ASCII only) accepts.
  const username = input.username.normalize('NFKC').trim();
  if (!USERNAME_PATTERN.test(username)) return fail('invalid_username', 'username');
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH)
    return fail('password_too_short', 'password');
  if (input.password !== input.confirmPassword) return fail('password_mismatch', 'confirmPassword');
  const birth = parseBirthDate(input.birthDate.trim());
  if (!birth || ageOn(birth, today) < 0 || birth.y < 1900) return fail('invalid_birth_date', 'birthDate');
  if (ageOn(birth, today) < MINIMUM_AGE) return fail('underage', 'birthDate');
  const country = input.country.trim().toUpperCase();
  if (!isCountry(country)) return fail('invalid_country', 'country');
  const phone = normalizePhone(input.phone, country);
  if (!phone) return fail('invalid_phone', 'phone');
  if (input.acceptTerms !== true) return fail('terms_not_accepted', 'acceptTerms');
  const first = checkName(input.firstName);
  if (!first.ok) return fail('invalid_name', 'firstName');
  const last = checkName(input.lastName);
  if (!last.ok) return fail('invalid_name', 'lastName');
  const firstName = first.value.slice(0, 100);
  const lastName = last.value.slice(0, 100);
  return {
    ok: true,
    value: {
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      username,
      email,
      password: input.password,
      birthDate: input.birthDate.trim(),
      country,
      phone,
    },
  };
}

/** 'ATU' followed by a number from 100000 to 999999 (spec §9). */
export function makeUid(random: () => number): string {
  return `ATU${100_000 + Math.floor(random() * 900_000)}`;
}

export const UID_PATTERN = /^ATU\d{6}$/;
