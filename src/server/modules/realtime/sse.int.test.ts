import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/index';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect, type TestDb } from '../../../../tests/support/db';
import { createAdmin, createUser, type TestUser } from '../../../../tests/support/users';
import { InProcessEventBus } from './event-bus';
import { sseHandler } from './sse';
import { parseSseEvents } from '../../../../tests/support/sse';
import { eventually } from '../../../../tests/support/eventually';

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  text(): string;
  events(): Array<{ event: string; data: unknown }>;
  close(): void;
  closed: Promise<void>;
}

/** Opens a real HTTP SSE connection (inject cannot: the response never ends). */
function openStream(app: FastifyInstance, cookie?: string): Promise<Stream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/events', headers: cookie ? { cookie } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        const closed = new Promise<void>((r) => res.on('close', () => r()));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => body,
          events: () => parseSseEvents(body),
          close: () => req.destroy(),
          closed,
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe(`GET /api/events (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.app.services.events.ready();
    alice = await createUser(t);
    bob = await createUser(t);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  it('refuses a visitor with 401', async () => {
    const res = await t.app.inject('/api/events');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('streams each user their own events only, and admins the admin events too', async () => {
    const a = await openStream(t.app, alice.cookie);
    const b = await openStream(t.app, bob.cookie);
    const op = await openStream(t.app, admin.cookie);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(a.headers['cache-control']).toBe('no-store');
    await eventually(
      'both streams connected',
      () => a.text().includes(': connected') && op.text().includes(': connected'),
    );

    await t.app.services.events.publish({
      type: 'balance.changed',
      audience: 'user',
      userId: alice.id,
      data: { reason: 'transfer' },
    });
    await t.app.services.events.publish({ type: 'deposit.created', audience: 'admins', data: { id: 'd1' } });
    await t.app.services.events.publish({ type: 'balance.changed', audience: 'user', userId: bob.id });
    await eventually(
      'the event on each stream',
      () => a.events().length === 1 && b.events().length === 1 && op.events().length === 1,
    );
    await new Promise((r) => setTimeout(r, 150));

    expect(a.events()).toEqual([
      { event: 'balance.changed', data: { type: 'balance.changed', audience: 'user', data: { reason: 'transfer' } } },
    ]);
    expect(b.events()).toEqual([
      { event: 'balance.changed', data: { type: 'balance.changed', audience: 'user', data: {} } },
    ]);
    expect(op.events()).toEqual([
      { event: 'deposit.created', data: { type: 'deposit.created', audience: 'admins', data: { id: 'd1' } } },
    ]);
    for (const s of [a, b, op]) s.close();
    await Promise.all([a.closed, b.closed, op.closed]);
  });

  it('unsubscribes when the client disconnects', async () => {
    await eventually('no subscriber left', () => t.app.services.events.subscriberCount() === 0);
    const s = await openStream(t.app, alice.cookie);
    await eventually('one subscriber', () => t.app.services.events.subscriberCount() === 1);
    s.close();
    await eventually('no subscriber left', () => t.app.services.events.subscriberCount() === 0);
  });

  describe.runIf(testDialect === 'postgres')('with a second app instance on the same database', () => {
    let second: TestApp;
    beforeAll(async () => {
      const handle = createDb({ postgresUrl: t.testDb.url!, poolSize: 5 });
      const db2: TestDb = { ...handle, url: t.testDb.url, dataDir: t.testDb.dataDir, destroy: () => handle.close() };
      second = await createTestApp({}, db2);
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      await second.app.services.events.ready();
    });
    afterAll(async () => {
      await second.close();
      await second.testDb.destroy();
    });

    it('an event raised on one instance reaches an SSE client of the other', async () => {
      const onSecond = await openStream(second.app, alice.cookie);
      const adminOnSecond = await openStream(second.app, admin.cookie);
      await eventually("the second instance's stream connected", () => onSecond.text().includes(': connected'));
      await t.app.services.events.publish({
        type: 'withdrawal.decided',
        audience: 'user',
        userId: alice.id,
        data: { status: 'rejected' },
      });
      await t.app.services.events.publish({ type: 'withdrawal.decided', audience: 'admins', data: { id: 'w1' } });
      await eventually(
        'the events on the second instance',
        () => onSecond.events().length === 1 && adminOnSecond.events().length === 1,
      );
      expect(onSecond.events()[0]).toMatchObject({
        event: 'withdrawal.decided',
        data: { data: { status: 'rejected' } },
      });
      expect(adminOnSecond.events()[0]).toMatchObject({ data: { audience: 'admins', data: { id: 'w1' } } });
      onSecond.close();
      adminOnSecond.close();
    });
  });
});

describe('SSE stream mechanics', () => {
  let app: FastifyInstance;
  const bus = new InProcessEventBus();
  beforeAll(async () => {
    app = Fastify();
    app.get(
      '/api/events',
      {
        preHandler: async (req) => {
          req.user = { id: 'u1', isAdmin: false, locale: 'fr', closure: 'none' };
        },
      },
      sseHandler(app, bus, 40),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends a heartbeat comment at every interval', async () => {
    const s = await openStream(app);
    await eventually('three heartbeats', () => (s.text().match(/: heartbeat\n\n/g) ?? []).length >= 3, 2_000);
    s.close();
  });

  it('ends open streams when the server shuts down, so shutdown does not hang', async () => {
    const s = await openStream(app);
    await eventually('the stream connected', () => s.text().includes(': connected'));
    const started = Date.now();
    await app.close();
    await s.closed;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
