/** Exact age rules (brief §9: exact age from the birth date, not the year difference). */

export const MINIMUM_AGE = 18;

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseBirthDate(text: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Completed years on `today` (UTC calendar). Someone born on 29 February turns a year older on 1 March in common years. */
export function ageOn(birth: { y: number; m: number; d: number }, today: Date): number {
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  const hadBirthday = tm > birth.m || (tm === birth.m && td >= birth.d);
  return ty - birth.y - (hadBirthday ? 0 : 1);
}
