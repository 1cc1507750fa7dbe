import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { childLoggerFactory, requestId } from './request-logger';

describe('request ids', () => {
  it('keeps a plain token the caller sent, else makes one unique to this process', () => {
    expect(requestId('proxy-7f3a_01')).toBe('proxy-7f3a_01');
    const made = ['', 'a b', 'x'.repeat(65), undefined, ['a', 'b']].map((given) => requestId(given));
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) expect(id).toMatch(/^[\w-]{8,}-[0-9a-z]+$/);
  });
});

describe('request loggers', () => {
  function parent() {
    const lines: unknown[][] = [];
    const children: unknown[] = [];
    const logger = {
      level: 'info',
      child(bindings: unknown) {
        children.push(bindings);
        const log = (...args: unknown[]) => lines.push([bindings, ...args]);
        return { level: 'info', info: log, error: log, warn: log, debug: log, trace: log, fatal: log, silent: log };
      },
    };
    return { logger: logger as unknown as FastifyBaseLogger, lines, children };
  }
  const make = (logger: FastifyBaseLogger) =>
    childLoggerFactory!.call(null as never, logger, { reqId: 'r1' }, {}, null as never);

  it('makes no child for a request that does not log', () => {
    const p = parent();
    make(p.logger);
    expect(p.children).toEqual([]);
  });

  it('makes the child with the request id once, at the first line, and writes every line through it', () => {
    const p = parent();
    const log = make(p.logger);
    log.warn({ n: 1 }, 'first');
    log.error('second');
    expect(p.children).toEqual([{ reqId: 'r1' }]);
    expect(p.lines).toEqual([
      [{ reqId: 'r1' }, { n: 1 }, 'first'],
      [{ reqId: 'r1' }, 'second'],
    ]);
    expect(log.level).toBe('info');
  });
});
