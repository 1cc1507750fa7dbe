// Runs the integration suite on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
// REQUIRE_POSTGRES=1 turns an unreachable PostgreSQL into a failure instead of a skip.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const projects = ['int-sqlite'];
const url = process.env.TEST_DATABASE_URL;
const required = process.env.REQUIRE_POSTGRES === '1';
if (url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    projects.push('int-postgres');
  } catch (err) {
    if (required) {
      console.error(`PostgreSQL at TEST_DATABASE_URL is unreachable (${err.message}) and REQUIRE_POSTGRES=1`);
      process.exit(1);
    }
    console.warn(`PostgreSQL unreachable (${err.message}): integration tests run on SQLite only`);
  } finally {
    await client.end().catch(() => {});
  }
} else if (required) {
  console.error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  process.exit(1);
} else {
  console.log('TEST_DATABASE_URL not set: integration tests run on SQLite only');
}
console.log(`integration dialects: ${projects.map((p) => p.slice(4)).join(', ')}`);
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
