import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';

const STEP_MS = 100;
/** Long enough that a connection still open at the end was never cut. */
const TRICKLE_STEPS = 100;

interface Trickle {
  /** Resolves when the server closed the connection: how many trickled bytes it had taken, and what it answered. */
  closed: Promise<{ sentSteps: number; answer: string; ms: number }>;
  stop(): void;
}

/** Opens a connection, sends `head` at once, then one `step` every STEP_MS, TRICKLE_STEPS times. */
function trickle(port: number, head: string, step: string): Trickle {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  let sentSteps = 0;
  let answer = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (d) => (answer += d.toString()));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => {
      if (sentSteps >= TRICKLE_STEPS || socket.destroyed) return clearInterval(timer);
      socket.write(step);
      sentSteps += 1;
    }, STEP_MS);
  });
  const closed = new Promise<{ sentSteps: number; answer: string; ms: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sentSteps, answer, ms: Date.now() - started });
    }),
  );
  return { closed, stop: () => socket.destroy() };
}

describe(`slow clients are cut (${testDialect})`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ HEADERS_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('trickled headers and trickled bodies are cut at their deadlines, while others are answered meanwhile', async () => {
    const headers = Array.from({ length: 10 }, (_, i) =>
      trickle(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n`, `X-Slow-${i}: 1\r\n`),
    );
    const bodies = Array.from({ length: 10 }, () =>
      trickle(
        port,
        `POST /api/accounts/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${TRICKLE_STEPS + 50}\r\n\r\n`,
        ' ',
      ),
    );
    try {
      // While the slow ones hang on, a normal client is served.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(res.status).toBe(200);
      }
      const login = await fetch(`http://127.0.0.1:${port}/api/accounts/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }),
      });
      expect(login.status).toBe(401);

      for (const h of await Promise.all(headers.map((c) => c.closed))) {
        // Cut long before the trickle would have ended (TRICKLE_STEPS × STEP_MS = 10 s), with a 408.
        expect(h.sentSteps).toBeLessThan(TRICKLE_STEPS / 2);
        expect(h.answer).toMatch(/^HTTP\/1\.1 408/);
      }
      for (const b of await Promise.all(bodies.map((c) => c.closed))) {
        expect(b.sentSteps).toBeLessThan(TRICKLE_STEPS / 2);
        expect(b.answer).not.toMatch(/^HTTP\/1\.1 2/);
      }
    } finally {
      for (const c of [...headers, ...bodies]) c.stop();
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('the deadlines come from validated settings', async () => {
    const { loadConfig } = await import('../../src/server/config');
    const base = { DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, idleMs: 60_000 });
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: '60000' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '2000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    // Below the 25 s heartbeat of /api/events a live stream would be cut as idle.
    expect(() => loadConfig({ ...base, IDLE_TIMEOUT_MS: '20000' })).toThrow(/IDLE_TIMEOUT_MS/);
  });
});
