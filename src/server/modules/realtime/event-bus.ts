import pg from 'pg';
import type { AppContext } from '../../context';

/** Something happened that open screens may want to refetch. The database stays the truth. */
export interface AppEvent {
  /** e.g. 'deposit.created', 'withdrawal.decided', 'balance.changed' */
  type: string;
  /** The user concerned: with audience 'user' only they receive it. */
  userId?: string;
  audience: 'user' | 'admins';
  /** Small, non-secret hints (ids, statuses); never amounts someone else may not see. */
  data?: Record<string, string | number | boolean | null>;
}

export type EventHandler = (event: AppEvent) => void;

export interface EventBus {
  /** Delivers to every subscriber of every instance. Call it after the transaction committed. */
  publish(event: AppEvent): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  /** Subscribers on this instance (open event streams, mostly). */
  subscriberCount(): number;
  /** Resolves once the bus can deliver events from other instances (immediately in process). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'atlas_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

function isAppEvent(value: unknown): value is AppEvent {
  const e = value as AppEvent | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.type === 'string' &&
    // It becomes an SSE `event:` line: no newlines, nothing exotic.
    /^[\w.-]{1,64}$/.test(e.type) &&
    (e.audience === 'user' || e.audience === 'admins') &&
    (e.userId === undefined || typeof e.userId === 'string')
  );
}

class Subscribers {
  private readonly handlers = new Set<EventHandler>();

  add(handler: EventHandler): () => void {
    const wrapped: EventHandler = (e) => handler(e);
    this.handlers.add(wrapped);
    return () => void this.handlers.delete(wrapped);
  }

  deliver(event: AppEvent): void {
    for (const handler of [...this.handlers]) {
      try {
        handler(event);
      } catch {
        // One broken subscriber (a closed stream) must not starve the others.
      }
    }
  }

  get size(): number {
    return this.handlers.size;
  }
}

/** One process (SQLite, or tests): delivery is a function call. */
export class InProcessEventBus implements EventBus {
  private readonly subscribers = new Subscribers();

  async publish(event: AppEvent): Promise<void> {
    if (!isAppEvent(event)) throw new TypeError('not an event');
    this.subscribers.deliver(event);
  }

  subscribe(handler: EventHandler): () => void {
    return this.subscribers.add(handler);
  }

  subscriberCount(): number {
    return this.subscribers.size;
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}

/**
 * PostgreSQL LISTEN/NOTIFY: publishing is a NOTIFY through the pool; each instance keeps one
 * dedicated connection LISTENing and hands what arrives to its subscribers — its own events
 * included, so there is one delivery path. The listener reconnects after any error; events sent
 * while it was down are lost, which is why clients refetch on reconnect.
 */
export class PostgresEventBus implements EventBus {
  private readonly subscribers = new Subscribers();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;
  private listening: Promise<void>;
  private markListening: () => void = () => undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {
    this.listening = this.freshListeningPromise();
    void this.connect();
  }

  private freshListeningPromise(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.markListening = resolve;
    });
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.pool.options);
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const event: unknown = JSON.parse(msg.payload);
        if (isAppEvent(event)) this.subscribers.deliver(event);
      } catch {
        // Not ours: ignore.
      }
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.retryMs = 250;
      this.markListening();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.log?.warn({ err }, 'event listener lost; reconnecting');
    this.listening = this.freshListeningPromise();
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  /**
   * Events published during one turn of the event loop go out in one statement: under load each
   * money movement publishes two or three, and a round trip each cost as much as the movement's own.
   * Each is still its own NOTIFY, in order; PostgreSQL folds identical ones of one statement into
   * one, which a refetch signal can afford.
   */
  async publish(event: AppEvent): Promise<void> {
    if (!isAppEvent(event)) throw new TypeError('not an event');
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new RangeError('event too large for NOTIFY');
    return new Promise<void>((resolve, reject) => {
      this.outgoing.push({ payload, resolve, reject });
      if (this.outgoing.length === 1) setImmediate(() => this.flush());
    });
  }

  private readonly outgoing: Array<{ payload: string; resolve: () => void; reject: (err: unknown) => void }> = [];

  private flush(): void {
    const batch = this.outgoing.splice(0);
    // Promise.resolve().then: a driver that throws instead of rejecting fails the batch, not the process.
    Promise.resolve()
      .then(() =>
        this.pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
          CHANNEL,
          batch.map((b) => b.payload),
        ]),
      )
      .then(
        () => batch.forEach((b) => b.resolve()),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      );
  }

  subscribe(handler: EventHandler): () => void {
    return this.subscribers.add(handler);
  }

  subscriberCount(): number {
    return this.subscribers.size;
  }

  ready(): Promise<void> {
    return this.listening;
  }

  /** Test hook: drops the listening connection as a network failure would. */
  async dropConnectionForTest(): Promise<void> {
    const client = this.client;
    if (client) await client.query('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

export function createEventBus(
  ctx: Pick<AppContext, 'dbh'>,
  log?: { warn(obj: unknown, msg: string): void },
): EventBus {
  return ctx.dbh.dialect === 'postgres' && ctx.dbh.pool
    ? new PostgresEventBus(ctx.dbh.pool, log)
    : new InProcessEventBus();
}
