import { fileURLToPath } from 'node:url';
import { AdjustableClock, systemClock } from '../core/clock';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { loadEnvFile } from './env-file';
import { createDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { waitForDatabase } from './db/wait';
import { startJobs } from './jobs';
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
  const config = configOrExit();
  const dbh = createDb(
    config.database.kind === 'postgres'
      ? { postgresUrl: config.database.url, poolSize: config.database.poolSize }
      : { sqliteFile: config.database.file, backgroundCheckpoints: true },
  );
  // TEST_CLOCK (never in production) lets browser journeys move days forward.
  const clock = config.testClock ? new AdjustableClock() : systemClock;
  const ctx = { config, dbh, db: dbh.db, dialect: dbh.dialect, clock };
  if (dbh.dialect === 'postgres') await waitForDatabase(dbh.db, (message) => console.error(message));
  const applied = await migrateToLatest(dbh.db, dbh.dialect);
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
  // The last thing printed: one block a newcomer can read (the JSON log above is for machines).
  // Written to the log's own stream (pino writes asynchronously), so that it comes after every start line.
  if (config.logLevel !== 'silent')
    (logStream(app.log) ?? process.stdout).write(
      `${startBanner(config, { firstAdmin: jobs.firstAdmin, lan: lanAddresses() })}\n`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
