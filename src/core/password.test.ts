import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password';

describe('newPasswordProblem', () => {
  it.each([
    ['', '', { field: 'newPassword', code: 'fields_required' }],
    ['secret-1', '', { field: 'confirmPassword', code: 'fields_required' }],
    ['court', 'court', { field: 'newPassword', code: 'password_too_short' }],
    ['secret-1', 'secret-2', { field: 'confirmPassword', code: 'password_mismatch' }],
    // The first broken rule wins: too short before different.
    ['abc', 'abd', { field: 'newPassword', code: 'password_too_short' }],
  ] as const)('%j / %j: %j', (next, confirm, expected) => {
    expect(newPasswordProblem(next, confirm)).toEqual(expected);
  });

  it('has nothing to say of six characters or more, confirmed', () => {
    expect(newPasswordProblem('secret', 'secret')).toBeNull();
  });
});
