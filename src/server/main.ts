import { fileURLToPath } from 'node:url';
import { AdjustableClock, systemClock } from '../core/clock';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { loadEnvFile } from './env-file';
import { createDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { describeDatabase, waitForDatabase } from './db/startup';
import { startJobs } from './jobs';
import { exitOnRuntimeProblem } from './runtime-check';
import { lanAddresses, logStream, startBanner } from './start-banner';

function configOrExit(): Config {
  try {
    loadEnvFile();
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  exitOnRuntimeProblem();
  const config = configOrExit();
  // Migrations run on a handle of their own, without the request path's statement and lock
  // timeouts (a migration may wait for another instance's, or take long on a large table).
  const applied = await migrateOnce(config);
  const dbh = createDb(
    config.database.kind === 'postgres'
      ? { postgresUrl: config.database.url, poolSize: config.database.poolSize, waits: config.dbTimeouts }
      : { sqliteFile: config.database.file, backgroundCheckpoints: true, waits: config.dbTimeouts },
  );
  // TEST_CLOCK (never in production) lets browser journeys move days forward.
  const clock = config.testClock ? new AdjustableClock() : systemClock;
  const ctx = { config, dbh, db: dbh.db, dialect: dbh.dialect, clock };
  // The bundle lives in <dist>/server; the SPA it serves in <dist>/web.
  const app = await buildApp(ctx, { webRoot: fileURLToPath(new URL('../web/', import.meta.url)) });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  const jobs = await startJobs(app, ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await jobs.stop();
    await app.close();
    await dbh.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Atlas Invest ready on ${config.publicUrl} (database: ${dbh.dialect}, data: ${config.dataDir})`);
  // The assistant's model trains in the background now, not on the first visitor's message.
  app.services.intent.warm();
  // The last thing printed: one block a newcomer can read (the JSON log above is for machines).
  // Written to the log's own stream (pino writes asynchronously), so that it comes after every start line.
  if (config.logLevel !== 'silent')
    (logStream(app.log) ?? process.stdout).write(
      `${startBanner(config, { firstAdmin: jobs.firstAdmin, lan: lanAddresses() })}\n`,
    );
}

async function migrateOnce(config: Config): Promise<string[]> {
  const dbh = createDb(
    config.database.kind === 'postgres'
      ? { postgresUrl: config.database.url, poolSize: 1, waits: { acquireMs: config.dbTimeouts.acquireMs } }
      : { sqliteFile: config.database.file, waits: { sqliteBusyMs: config.dbTimeouts.sqliteBusyMs } },
  );
  try {
    await waitForDatabase(dbh.db, {
      where: config.database.kind === 'postgres' ? describeDatabase(config.database.url) : config.database.file,
      giveUpAfterMs: config.dbTimeouts.startS * 1000,
      log: (line) => console.error(line),
      exit: () => process.exit(1),
    });
    return await migrateToLatest(dbh.db, dbh.dialect);
  } finally {
    await dbh.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
