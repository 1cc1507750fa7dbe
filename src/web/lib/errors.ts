import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { money } from './format';

const decimal = /^-?\d+\.\d{2}$/;

/**
 * The person-facing text for any error: the server's stable code translated with its params.
 * Amounts in params are formatted as money; `days` drives the plural.
 */
export function errorMessage(t: TFunction, err: unknown): string {
  if (!(err instanceof ApiError)) return t('errors:internal_error');
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err.params)) {
    params[key] = typeof value === 'string' && decimal.test(value) ? money(value) : value;
  }
  if (typeof err.params.days === 'number') params.count = err.params.days;
  const key = `errors:${err.code}`;
  return t(key, params as Record<string, string>) || t('errors:internal_error');
}
