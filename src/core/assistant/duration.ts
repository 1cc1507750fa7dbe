/**
 * How long something has waited, said as people say it: "a few minutes", "3 hours", "30 days",
 * never "0 h" or "720 h". The unit is chosen here and worded by the browser in the person's
 * language (`durations.*` of the assistant's texts, with plural forms).
 */
export type Elapsed = { unit: 'moments' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under this, "a few minutes": a count of 3 or 7 minutes says nothing more useful. */
const MOMENTS_MINUTES = 15;
/** Up to this, hours: a review is promised within 24 to 48 hours, so they are what the person weighs. */
const HOURS_UNTIL = 48;

export function elapsed(from: Date, now: Date): Elapsed {
  const ms = Math.max(0, now.getTime() - from.getTime());
  if (ms < MOMENTS_MINUTES * MINUTE) return { unit: 'moments' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < HOURS_UNTIL * HOUR) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / DAY) };
}
