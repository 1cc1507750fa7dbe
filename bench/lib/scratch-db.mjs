// A fresh PostgreSQL database for one bench server, dropped after it (BENCH_DATABASE_URL or
// TEST_DATABASE_URL names the server; the default is the development machine's).
import pg from 'pg';

const adminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function run(sql) {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates `<prefix>_<time>`; resolves to its URL and a drop() that removes it. */
export async function scratchDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  await run(`create database ${name}`);
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
