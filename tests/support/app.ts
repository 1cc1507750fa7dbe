import type { FastifyInstance } from 'fastify';
import { AdjustableClock } from '../../src/core/clock';
import { buildApp } from '../../src/server/app';
import { exposure, loadConfig, type Config } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { createTestDb, type TestDb } from './db';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: AdjustableClock;
  testDb: TestDb;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0000',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    BTC_PRICE_URL: 'http://127.0.0.1:9/unreachable',
    LTC_PRICE_URL: 'http://127.0.0.1:9/unreachable/LTC',
    SOL_PRICE_URL: 'http://127.0.0.1:9/unreachable/SOL',
    USDT_PRICE_URL: 'http://127.0.0.1:9/unreachable/USDT',
    BTC_PRICE_TIMEOUT_MS: '300',
    // Every inject comes from one address: the per-address API ceiling is shown by its own tests.
    API_READS_PER_MINUTE: '1000000',
    API_WRITES_PER_MINUTE: '1000000',
    // A sixteenth of the production password-hash cost: the suite creates and signs in over a thousand
    // people per dialect (decision 042). The sign-in timing test sets the production cost back, and
    // production or a public PUBLIC_URL keeps it (the configuration refuses a lower one there).
    ...(exposure(env.NODE_ENV, env.PUBLIC_URL ?? 'http://localhost') ? {} : { PASSWORD_SCRYPT_N: '1024' }),
    ...env,
  });
}

/** A whole app on a fresh database of the dialect under test, with a clock tests can move. */
export async function createTestApp(env: Record<string, string> = {}, testDb?: TestDb): Promise<TestApp> {
  const db = testDb ?? (await createTestDb());
  const clock = new AdjustableClock();
  const ctx: AppContext = { config: testConfig(db.dataDir, env), dbh: db, db: db.db, dialect: db.dialect, clock };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    testDb: db,
    close: async () => {
      await app.close();
      if (!testDb) await db.destroy();
    },
  };
}
