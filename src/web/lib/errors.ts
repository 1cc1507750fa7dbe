import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { money } from './format';

const decimal = /^-?\d+\.\d{2}$/;

/**
 * The person-facing text for any error: the server's stable code translated with its params.
 * Amounts in params are formatted as money; `days` drives the plural; a `tier` is named. `extra`
 * adds what the screen knows and the server did not say (whose request it is).
 */
export function errorMessage(t: TFunction, err: unknown, extra: Record<string, string> = {}): string {
  if (!(err instanceof ApiError)) return t('errors:internal_error');
  const params: Record<string, unknown> = { ...extra };
  for (const [key, value] of Object.entries(err.params)) {
    params[key] = typeof value === 'string' && decimal.test(value) ? money(value) : value;
  }
  if (typeof err.params.days === 'number') params.count = err.params.days;
  if (typeof err.params.tier === 'string') params.tierName = t(`errors:limitTiers.${err.params.tier}`);
  const key = `errors:${err.code}`;
  return t(key, params as Record<string, string>) || t('errors:internal_error');
}
