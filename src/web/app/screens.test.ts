import { describe, expect, it } from 'vitest';
import { vitalsRoutes } from '../../contracts/vitals';
import { screenOf, screens } from './screens';

describe('the route patterns vitals are labelled with', () => {
  it('are exactly the screens: each screen has one, and none names a screen that does not exist', () => {
    expect([...screens.map((s) => s.path)].sort()).toEqual([...vitalsRoutes].sort());
  });

  it('come from a path without what follows it: ids, queries and unknown paths map to a known pattern', () => {
    expect(screenOf('/portfolio/').path).toBe('/portfolio');
    expect(screenOf('/ADMIN/users').path).toBe('/admin/users');
    expect(screenOf('/admin/users/ATU123456').path).toBe('/');
    expect(screenOf('/no/such/page').path).toBe('/');
  });
});
