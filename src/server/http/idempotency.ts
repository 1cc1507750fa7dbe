import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';

/** The optional `Idempotency-Key` header of money-moving requests (printable, at most 128 characters). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(value)) {
    throw new DomainError('validation_failed', {
      fields: [{ path: 'headers.idempotency-key', code: 'invalid_string' }],
    });
  }
  return value;
}
