import { describe, expect, it } from 'vitest';
import { searchKey, searchTerms } from './search-key';

describe('search key', () => {
  it('folds case, accents and spaces', () => {
    expect(searchKey('  Hélène   DÜRRENMATT ')).toBe('helene durrenmatt');
    expect(searchKey('François Ångström-Øre')).toBe('francois angstrom-øre');
    expect(searchKey('José Ñúñez')).toBe('jose nunez');
  });

  it('lists each distinct term once', () => {
    expect(
      searchTerms({
        uid: 'ATU123456',
        email: 'a@b.test',
        username: 'Dupont',
        fullName: 'Jean Dupont',
        lastName: 'Dupont',
      }),
    ).toEqual(['atu123456', 'a@b.test', 'dupont', 'jean dupont']);
  });
});
