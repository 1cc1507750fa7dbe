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

  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.made.fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    (this.made.error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    (this.made.warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    (this.made.info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    (this.made.debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    (this.made.trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.made.silent as Log)(...args);
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

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
