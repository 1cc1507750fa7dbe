import { systemClock } from '../core/clock';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { loadEnvFile } from './env-file';
import { commands } from './cli/commands';
import { exitOnRuntimeProblem } from './runtime-check';

/** `npm run admin -- <command> [--flag value]…` — operator tasks against the configured database. */
async function run(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log('Usage: npm run admin -- <command> [options]\n');
    for (const [key, c] of Object.entries(commands)) console.log(`  ${key.padEnd(16)} ${c.summary}`);
    return name ? 2 : 0;
  }
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg.startsWith('--')) {
      const next = rest[i + 1];
      flags[arg.slice(2)] = next && !next.startsWith('--') ? (i++, next) : 'true';
    }
  }
  exitOnRuntimeProblem();
  loadEnvFile();
  const config = loadConfig();
  const dbh = createDb(
    config.database.kind === 'postgres' ? { postgresUrl: config.database.url } : { sqliteFile: config.database.file },
  );
  try {
    await migrateToLatest(dbh.db, dbh.dialect);
    return await command.run({ config, dbh, db: dbh.db, dialect: dbh.dialect, clock: systemClock }, flags);
  } finally {
    await dbh.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
