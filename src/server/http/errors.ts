import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, errorCodes, type ErrorCode, type ErrorKind, type ErrorParams } from '../../core/errors';
import { dbFaultOf, relieveFullDisk, type DbFaultKind } from '../db/faults';
import { countFault } from '../db/stats';

const statusByKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  unavailable: 503,
  insufficient_storage: 507,
  internal: 500,
};

export function statusOf(code: ErrorCode): number {
  return statusByKind[errorCodes[code]];
}

export interface ErrorBody {
  error: { code: ErrorCode; params: ErrorParams };
}

export function errorBody(code: ErrorCode, params: ErrorParams = {}): ErrorBody {
  return { error: { code, params } };
}

/** A database fault's answer (decision 026): the code, and the seconds after which a retry makes sense. */
const faultAnswers: Record<DbFaultKind, { code: ErrorCode; retryAfterS: number }> = {
  busy: { code: 'database_busy', retryAfterS: 1 },
  conflict: { code: 'database_busy', retryAfterS: 1 },
  unavailable: { code: 'database_unavailable', retryAfterS: 2 },
  full: { code: 'storage_full', retryAfterS: 30 },
};

/** Fastify's own client errors, by their code, to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_FIELDS_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
};

interface FieldProblem {
  path: string;
  code: string;
}

/**
 * The one mapper from anything thrown to `{ error: { code, params } }`. Domain errors keep their
 * code; validation names the failing fields; other client errors keep their 4xx; a database
 * fault is a 503 (507 for a full disk) with Retry-After, logged once as a warning with the
 * original error; the rest is a logged 500 that reveals nothing.
 */
export function handleError(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof DomainError) {
    return reply.status(statusOf(err.code)).send(errorBody(err.code, err.params));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: FieldProblem[] = err.validation.map((v) => ({
      path: [
        err.validationContext,
        ...String(v.instancePath ?? '')
          .split('/')
          .filter(Boolean),
      ]
        .filter(Boolean)
        .join('.'),
      code: String((v.params as { issue?: { code?: string } })?.issue?.code ?? v.keyword ?? 'invalid'),
    }));
    return reply.status(400).send(errorBody('validation_failed', { fields }));
  }
  const fe = err as FastifyError;
  if (fe.code === 'FST_ERR_RATE_LIMIT' || fe.statusCode === 429) {
    return reply.status(429).send(errorBody('rate_limited'));
  }
  const mapped = fe.code ? fastifyCodes[fe.code] : undefined;
  if (mapped) return reply.status(statusOf(mapped)).send(errorBody(mapped));
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code: ErrorCode =
      fe.statusCode === 413
        ? 'payload_too_large'
        : fe.statusCode === 415
          ? 'unsupported_media_type'
          : fe.statusCode === 404
            ? 'not_found'
            : 'validation_failed';
    return reply.status(fe.statusCode).send(errorBody(code));
  }
  const fault = dbFaultOf(err);
  if (fault) {
    countFault(fault);
    if (fault.kind === 'full') relieveFullDisk();
    const { code, retryAfterS } = faultAnswers[fault.kind];
    request.log.warn({ err, fault: `${fault.kind}:${fault.reason}` }, `database ${fault.kind}: answered ${code}`);
    return reply.status(statusOf(code)).header('retry-after', String(retryAfterS)).send(errorBody(code));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send(errorBody('internal_error'));
}
