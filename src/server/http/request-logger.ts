import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type Log = (...args: unknown[]) => void;

/**
 * A request's logger, made the first time the request logs. Most requests never do (production
 * logs below info, where the one line per request is written), and a pino child per request, its
 * bindings serialised, was a measurable share of /healthz (issue 19).
 */
class LazyChild {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  /** The pino child, made on first use. */
  get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

// The level methods, on the prototype: nothing allocated per request for them.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const)
  Object.defineProperty(LazyChild.prototype, level, {
    value(this: LazyChild, ...args: unknown[]) {
      (this.made[level] as Log)(...args);
    },
  });

export const childLoggerFactory: FastifyServerOptions['childLoggerFactory'] = (logger, bindings, options) =>
  new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;

const boot = randomBytes(6).toString('base64url');
let served = 0;

/**
 * The id of a request: the caller's X-Request-Id when it is a plain token (a proxy's, to follow one
 * request through both logs), else this process's random prefix and a counter, unique across
 * instances and restarts without a random UUID per request.
 */
export function requestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : `${boot}-${(++served).toString(36)}`;
}
