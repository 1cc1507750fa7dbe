/** Password length rules (spec §5), apart from signup so that screens that only need these do not load signup's phone rules. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** The fields of a new password, as the change and reset forms name their inputs. */
export type NewPasswordField = 'newPassword' | 'confirmPassword';

/**
 * What is wrong with a new password and its confirmation (spec §5), first rule first, and which
 * field it is about; null when both are fine.
 */
export function newPasswordProblem(
  newPassword: string,
  confirmPassword: string,
): { field: NewPasswordField; code: 'fields_required' | 'password_too_short' | 'password_mismatch' } | null {
  if (!newPassword) return { field: 'newPassword', code: 'fields_required' };
  if (!confirmPassword) return { field: 'confirmPassword', code: 'fields_required' };
  if (newPassword.length < MIN_PASSWORD_LENGTH) return { field: 'newPassword', code: 'password_too_short' };
  if (newPassword !== confirmPassword) return { field: 'confirmPassword', code: 'password_mismatch' };
  return null;
}
