import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleError } from '../http/errors';
import { DatabaseBusy, dbFaultOf } from './faults';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database faults (decision 026)', () => {
  it.each([
    ['57014', 'busy', true],
    ['55P03', 'busy', true],
    ['53300', 'busy', true],
    ['40001', 'conflict', true],
    ['40P01', 'conflict', true],
    ['57P01', 'unavailable', false],
    ['08006', 'unavailable', false],
    ['ECONNRESET', 'unavailable', false],
    ['ECONNREFUSED', 'unavailable', true],
    ['57P03', 'unavailable', true],
    ['SQLITE_BUSY', 'busy', true],
    ['SQLITE_BUSY_SNAPSHOT', 'busy', true],
    ['SQLITE_FULL', 'full', true],
    ['53100', 'full', true],
    ['SQLITE_IOERR_WRITE', 'unavailable', true],
  ])('%s is %s (known not committed: %s)', (code, kind, notCommitted) => {
    expect(dbFaultOf(withCode(code))).toMatchObject({ kind, notCommitted });
  });

  it('reads the messages of the pool and the driver, and causes', () => {
    expect(dbFaultOf(new Error('timeout exceeded when trying to connect'))).toMatchObject({
      kind: 'busy',
      reason: 'pool_acquire_timeout',
    });
    expect(dbFaultOf(new Error('Connection terminated unexpectedly'))).toMatchObject({
      kind: 'unavailable',
      notCommitted: false,
    });
    expect(dbFaultOf(new Error('wrapped', { cause: withCode('55P03') }))?.kind).toBe('busy');
    expect(dbFaultOf(new DatabaseBusy('account_locked'))).toMatchObject({ kind: 'busy', reason: 'account_locked' });
  });

  it('leaves every other error alone', () => {
    for (const err of [
      new Error('boom'),
      withCode('23505'),
      withCode('AT001'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      null,
      'x',
    ]) {
      expect(dbFaultOf(err)).toBeNull();
    }
  });

  it('answers 503 database_busy / database_unavailable with Retry-After, 507 storage_full, never 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    const errors: Record<string, Error> = {
      lock: withCode('55P03', 'canceling statement due to lock timeout'),
      pool: new Error('timeout exceeded when trying to connect'),
      killed: withCode('57P01', 'terminating connection due to administrator command'),
      full: withCode('SQLITE_FULL', 'database or disk is full'),
      other: new Error('boom'),
    };
    app.get('/:which', async (request) => {
      throw errors[(request.params as { which: string }).which]!;
    });
    const answer = async (which: string) => {
      const res = await app.inject({ method: 'GET', url: `/${which}` });
      return { status: res.statusCode, retryAfter: res.headers['retry-after'], code: res.json().error.code };
    };
    expect(await answer('lock')).toEqual({ status: 503, retryAfter: '1', code: 'database_busy' });
    expect(await answer('pool')).toEqual({ status: 503, retryAfter: '1', code: 'database_busy' });
    expect(await answer('killed')).toEqual({ status: 503, retryAfter: '2', code: 'database_unavailable' });
    expect(await answer('full')).toEqual({ status: 507, retryAfter: '30', code: 'storage_full' });
    expect(await answer('other')).toEqual({ status: 500, retryAfter: undefined, code: 'internal_error' });
    await app.close();
  });
});
