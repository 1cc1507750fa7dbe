import { describe, expect, it } from 'vitest';
import { elapsed } from './duration';

const now = new Date('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const H = 60 * MIN;

describe('elapsed', () => {
  it('says "a few minutes" for a wait that has just begun, never "0 h"', () => {
    expect(elapsed(ago(0), now)).toEqual({ unit: 'moments' });
    expect(elapsed(ago(14 * MIN + 59_999), now)).toEqual({ unit: 'moments' });
    // A clock that steps back is still "just now", not a negative wait.
    expect(elapsed(ago(-5 * MIN), now)).toEqual({ unit: 'moments' });
  });

  it('counts minutes under an hour', () => {
    expect(elapsed(ago(15 * MIN), now)).toEqual({ unit: 'minutes', count: 15 });
    expect(elapsed(ago(59 * MIN + 59_999), now)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('counts whole hours up to the 48 hours a review is promised in', () => {
    expect(elapsed(ago(H), now)).toEqual({ unit: 'hours', count: 1 });
    expect(elapsed(ago(3 * H + 40 * MIN), now)).toEqual({ unit: 'hours', count: 3 });
    expect(elapsed(ago(47 * H + 59 * MIN), now)).toEqual({ unit: 'hours', count: 47 });
  });

  it('counts days past 48 hours: 720 hours is "30 days"', () => {
    expect(elapsed(ago(48 * H), now)).toEqual({ unit: 'days', count: 2 });
    expect(elapsed(ago(720 * H), now)).toEqual({ unit: 'days', count: 30 });
    expect(elapsed(ago(730 * H), now)).toEqual({ unit: 'days', count: 30 });
  });
});
