import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/index';
import { countStatements, createTestDb, testDialect, type TestDb } from '../../../../tests/support/db';
import { createEventBus, InProcessEventBus, PostgresEventBus, type AppEvent, type EventBus } from './event-bus';
import { eventually } from '../../../../tests/support/eventually';

function collector(bus: EventBus) {
  const seen: AppEvent[] = [];
  const unsubscribe = bus.subscribe((e) => seen.push(e));
  return { seen, unsubscribe };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe(`event bus (${testDialect})`, () => {
  let db: TestDb;
  let bus: EventBus;
  beforeAll(async () => {
    db = await createTestDb();
    bus = createEventBus({ dbh: db });
    await bus.ready();
  });
  afterAll(async () => {
    await bus.close();
    await db.destroy();
  });

  it(`is ${testDialect === 'postgres' ? 'LISTEN/NOTIFY' : 'in-process'} on this dialect`, () => {
    expect(bus).toBeInstanceOf(testDialect === 'postgres' ? PostgresEventBus : InProcessEventBus);
  });

  it('delivers a published event to every subscriber, and stops after unsubscribe', async () => {
    const a = collector(bus);
    const b = collector(bus);
    const event: AppEvent = { type: 'deposit.created', audience: 'admins', data: { id: 'd1' } };
    await bus.publish(event);
    await eventually('the first event on both subscribers', () => a.seen.length === 1 && b.seen.length === 1);
    expect(a.seen[0]).toEqual(event);
    a.unsubscribe();
    await bus.publish({ type: 'balance.changed', audience: 'user', userId: 'u1' });
    await eventually('the second event', () => b.seen.length === 2);
    await settle();
    expect(a.seen).toHaveLength(1);
    b.unsubscribe();
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const off = bus.subscribe(() => {
      throw new Error('broken stream');
    });
    const ok = collector(bus);
    await bus.publish({ type: 'x', audience: 'admins' });
    await eventually('the event on the healthy subscriber', () => ok.seen.length === 1);
    off();
    ok.unsubscribe();
  });

  it('refuses something that is not an event', async () => {
    await expect(bus.publish({ type: 'x', audience: 'everyone' } as unknown as AppEvent)).rejects.toThrow(TypeError);
    await expect(bus.publish({ audience: 'user' } as unknown as AppEvent)).rejects.toThrow(TypeError);
    // The type becomes an SSE `event:` line, so a newline could forge a second event.
    await expect(bus.publish({ type: 'x\ndata: {"forged":true}', audience: 'admins' })).rejects.toThrow(TypeError);
  });

  describe.runIf(testDialect === 'postgres')('across two instances sharing one PostgreSQL', () => {
    let second: DbHandle;
    let other: PostgresEventBus;
    let reconnects = 0;
    beforeAll(async () => {
      second = createDb({ postgresUrl: db.url!, poolSize: 2 });
      other = new PostgresEventBus(second.pool!, { warn: () => void (reconnects += 1) });
      await other.ready();
    });
    afterAll(async () => {
      await other.close();
      await second.close();
    });

    it('an event published on one instance reaches subscribers of the other, once', async () => {
      const here = collector(bus);
      const there = collector(other);
      await bus.publish({ type: 'withdrawal.decided', audience: 'user', userId: 'u42', data: { status: 'approved' } });
      await eventually('the event on both instances', () => here.seen.length === 1 && there.seen.length === 1);
      expect(there.seen[0]).toEqual({
        type: 'withdrawal.decided',
        audience: 'user',
        userId: 'u42',
        data: { status: 'approved' },
      });
      await other.publish({ type: 'deposit.created', audience: 'admins' });
      await eventually('the second event on both instances', () => here.seen.length === 2 && there.seen.length === 2);
      await settle();
      expect(here.seen).toHaveLength(2);
      expect(there.seen).toHaveLength(2);
      here.unsubscribe();
      there.unsubscribe();
    });

    it('reconnects its listener after the connection is killed', async () => {
      const there = collector(other);
      await other.dropConnectionForTest();
      await eventually('one reconnection', () => reconnects === 1);
      await other.ready();
      await bus.publish({ type: 'after.reconnect', audience: 'admins' });
      await eventually('the event published after the reconnection', () =>
        there.seen.some((e) => e.type === 'after.reconnect'),
      );
      there.unsubscribe();
    });

    it('sends the events of one turn of the event loop in one statement, each delivered, in order', async () => {
      const there = collector(other);
      const statements = countStatements(db.pool!);
      try {
        const events = Array.from({ length: 5 }, (_, i) => ({
          type: 'balance.changed',
          audience: 'user' as const,
          userId: `u${i}`,
        }));
        await Promise.all(events.map((e) => bus.publish(e)));
        expect(statements.count()).toBe(1);
        await eventually('all five events on the other instance', () => there.seen.length === 5);
        expect(there.seen.map((e) => e.userId)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
      } finally {
        statements.restore();
        there.unsubscribe();
      }
    });

    it('refuses an event too large for NOTIFY instead of failing silently', async () => {
      await expect(bus.publish({ type: 'big', audience: 'admins', data: { blob: 'x'.repeat(9_000) } })).rejects.toThrow(
        RangeError,
      );
    });
  });
});
