#!/usr/bin/env node
// Online backup of an Atlas Invest installation, safe while the server runs:
//   SQLite      VACUUM INTO: one consistent copy, read in a single transaction (writers go on)
//   PostgreSQL  pg_dump --format=custom: one consistent snapshot of the whole database
// then the local proof uploads (DATA_DIR/uploads, unless S3_BUCKET is set) and, for embedded
// installs, the generated session secret (DATA_DIR/.auth-secret).
//
//   node scripts/backup.mjs [--out ./backups]
//
// Reads the same DATA_DIR, DATABASE_URL and S3_BUCKET as the server. Writes
// <out>/atlas-<dialect>-<UTC time>/ (mode 700) with a manifest.json, and prints its path last.
// docs/operations.md describes the whole procedure; scripts/restore.mjs puts a backup back.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

function fail(message) {
  console.error(`backup failed: ${message}`);
  process.exit(1);
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** libpq reads the password from PGPASSWORD, so that it never shows in the process list. */
function libpqTarget(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const countFiles = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const s3Bucket = process.env.S3_BUCKET?.trim() || undefined;
const dialect = databaseUrl ? 'postgres' : 'sqlite';
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const out = path.resolve(option('out', './backups'));
const dir = path.join(out, `atlas-${dialect}-${stamp}`);

mkdirSync(out, { recursive: true });
try {
  mkdirSync(dir, { mode: 0o700 });
} catch (err) {
  fail(err.code === 'EEXIST' ? `${dir} already exists (one backup per second)` : err.message);
}
chmodSync(dir, 0o700);

const manifest = {
  format: 1,
  createdAt: new Date().toISOString(),
  dialect,
  database: '',
  sha256: '',
  bytes: 0,
  migrations: [],
  uploads: null,
  s3Bucket: s3Bucket ?? null,
  authSecret: false,
};

if (dialect === 'sqlite') {
  const file = path.join(dataDir, 'atlas.db');
  if (!existsSync(file)) fail(`no database at ${file} (DATA_DIR=${dataDir})`);
  const target = path.join(dir, 'atlas.db');
  const source = new Database(file, { fileMustExist: true });
  source.pragma('busy_timeout = 10000');
  source.prepare('VACUUM INTO ?').run(target);
  source.close();
  const copy = new Database(target, { readonly: true, fileMustExist: true });
  const integrity = copy.pragma('integrity_check', { simple: true });
  manifest.migrations = copy.prepare('select name from kysely_migration order by name').pluck().all();
  copy.close();
  if (integrity !== 'ok') fail(`the copy does not pass integrity_check: ${integrity}`);
  manifest.database = 'atlas.db';
} else {
  const target = path.join(dir, 'atlas.pgdump');
  const { dbname, env } = libpqTarget(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    manifest.migrations = (await client.query('select name from kysely_migration order by name')).rows.map(
      (r) => r.name,
    );
  } finally {
    await client.end();
  }
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${dbname}`],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (dump.error)
    fail(
      `pg_dump: ${dump.error.code === 'ENOENT' ? 'not installed (apt-get install postgresql-client, same major version as the server or newer)' : dump.error.message}`,
    );
  if (dump.status !== 0) fail(`pg_dump exited with ${dump.status}`);
  manifest.database = 'atlas.pgdump';
}
const dbFile = path.join(dir, manifest.database);
manifest.sha256 = sha256(dbFile);
manifest.bytes = statSync(dbFile).size;

// After the database: every proof a backed-up row names was written before its row, so it is here.
const uploads = path.join(dataDir, 'uploads');
if (!s3Bucket && existsSync(uploads)) {
  cpSync(uploads, path.join(dir, 'uploads'), { recursive: true });
  manifest.uploads = countFiles(path.join(dir, 'uploads'));
}
const secret = path.join(dataDir, '.auth-secret');
if (!process.env.AUTH_SECRET && existsSync(secret)) {
  copyFileSync(secret, path.join(dir, '.auth-secret'));
  chmodSync(path.join(dir, '.auth-secret'), 0o600);
  manifest.authSecret = true;
}
writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(
  `database   ${manifest.database} (${dialect}, ${manifest.bytes} bytes, ${manifest.migrations.length} migrations)`,
);
console.log(
  `uploads    ${s3Bucket ? `in S3 bucket ${s3Bucket}: not copied (use the bucket's versioning or replication)` : `${manifest.uploads ?? 0} files`}`,
);
console.log(
  `secret     ${manifest.authSecret ? 'DATA_DIR/.auth-secret copied' : 'AUTH_SECRET from the environment: keep it with your secrets, it is not in the backup'}`,
);
console.log(dir);
