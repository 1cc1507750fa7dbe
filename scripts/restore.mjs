#!/usr/bin/env node
// Puts a backup made by scripts/backup.mjs back, over the configured installation. STOP EVERY
// SERVER INSTANCE FIRST; run `npm run admin -- verify-ledger` afterwards, then start them again.
//
//   node scripts/restore.mjs <backup-dir> --yes
//
//   SQLite      the current DATA_DIR/atlas.db (with its -wal and -shm) is moved to
//               DATA_DIR/before-restore-<time>/, then the backup copy takes its place.
//   PostgreSQL  one transaction (psql --single-transaction): drop and recreate the public schema,
//               then the whole dump. Any error rolls everything back and the database is unchanged.
// Local proof uploads and the embedded session secret, when the backup holds them, replace the
// current ones (which are moved to the same before-restore folder). Without --yes it only says
// what it would do.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

function fail(message) {
  console.error(`restore failed: ${message}`);
  process.exit(1);
}

function libpqTarget(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function exited(child, name) {
  return new Promise((resolve) => {
    child.on('error', (err) =>
      resolve(
        err.code === 'ENOENT'
          ? `${name}: not installed (apt-get install postgresql-client)`
          : `${name}: ${err.message}`,
      ),
    );
    // 'close', not 'exit': by then its output has been read to the end.
    child.on('close', (code, signal) => resolve(code === 0 ? null : `${name} exited with ${code ?? signal}`));
  });
}

const source =
  process.argv[2] && !process.argv[2].startsWith('--')
    ? path.resolve(process.argv[2])
    : fail('usage: node scripts/restore.mjs <backup-dir> --yes');
const confirmed = process.argv.includes('--yes');
const manifestFile = path.join(source, 'manifest.json');
if (!existsSync(manifestFile)) fail(`${manifestFile} not found: not a backup made by scripts/backup.mjs`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
if (manifest.format !== 1) fail(`unknown backup format ${manifest.format}`);

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dialect = databaseUrl ? 'postgres' : 'sqlite';
if (manifest.dialect !== dialect)
  fail(
    `the backup is of a ${manifest.dialect} database but this installation is configured for ${dialect} (DATABASE_URL)`,
  );

const dump = path.join(source, manifest.database);
if (!existsSync(dump)) fail(`${dump} is missing`);
if (createHash('sha256').update(readFileSync(dump)).digest('hex') !== manifest.sha256)
  fail(`${dump} does not match the checksum in manifest.json`);
const uploads = manifest.uploads !== null && existsSync(path.join(source, 'uploads'));
const secret = manifest.authSecret === true && existsSync(path.join(source, '.auth-secret'));

const target = dialect === 'sqlite' ? path.join(dataDir, 'atlas.db') : new URL(databaseUrl).pathname.slice(1);
console.log(`backup of ${manifest.createdAt} (${manifest.dialect}, ${manifest.migrations.length} migrations)`);
console.log(
  `database   → ${dialect === 'sqlite' ? target : `PostgreSQL database "${target}" (public schema replaced)`}`,
);
console.log(
  `uploads    → ${uploads ? `${path.join(dataDir, 'uploads')} (${manifest.uploads} files)` : 'unchanged (none in the backup)'}`,
);
console.log(`secret     → ${secret ? path.join(dataDir, '.auth-secret') : 'unchanged (none in the backup)'}`);
if (!confirmed) {
  console.log('\nNothing done. Stop every server instance, then run again with --yes.');
  process.exit(2);
}

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const aside = path.join(dataDir, `before-restore-${stamp}`);
/** Moves what is about to be replaced out of the way, never deleting it. */
function moveAside(name) {
  const from = path.join(dataDir, name);
  if (!existsSync(from)) return;
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  renameSync(from, path.join(aside, name));
}

mkdirSync(dataDir, { recursive: true });
if (dialect === 'sqlite') {
  let integrity;
  try {
    const check = new Database(dump, { readonly: true, fileMustExist: true });
    integrity = check.pragma('integrity_check', { simple: true });
    check.close();
  } catch (err) {
    integrity = err.message;
  }
  if (integrity !== 'ok') fail(`the backup does not pass integrity_check (${integrity}); nothing was changed`);
  for (const name of ['atlas.db', 'atlas.db-wal', 'atlas.db-shm']) moveAside(name);
  copyFileSync(dump, `${target}.restoring`);
  renameSync(`${target}.restoring`, target);
} else {
  const { dbname, env } = libpqTarget(databaseUrl);
  // Seals place rows by their writer's transaction id (decision 022), and this server's ids may be
  // younger than the backed-up ones: in the same transaction, each row a seal holds that way is
  // stamped with that seal, and each row not sealed yet takes the restore's id, so the next seal
  // starts afresh (a row without a writer id stays without: verify-ledger names it). (A backup made before that migration has no commit_xid: nothing to do.)
  const rebaseSeals = `
do $rebase$
declare t text;
begin
  for t in select c.table_name from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'commit_xid' loop
    execute format($q$update public.%I r set seal_no = s.no, commit_xid = null
      from (select no, upto_xid, coalesce(lag(upto_xid) over (order by no), '0') as from_xid from public.ledger_seal) s
      where s.upto_xid is not null and r.seal_no is null
        and r.commit_xid >= s.from_xid::pg_catalog.xid8 and r.commit_xid < s.upto_xid::pg_catalog.xid8$q$, t);
    execute format('update public.%I set commit_xid = pg_catalog.pg_current_xact_id() where seal_no is null and commit_xid is not null', t);
  end loop;
  if exists (select 1 from information_schema.columns c
    where c.table_schema = 'public' and c.table_name = 'ledger_seal' and c.column_name = 'upto_xid') then
    update public.ledger_seal set upto_xid = null;
  end if;
end
$rebase$;
`;
  const list = spawnSync('pg_restore', ['--list', dump], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (list.error || list.status !== 0)
    fail(
      list.error?.code === 'ENOENT'
        ? 'pg_restore: not installed (apt-get install postgresql-client)'
        : `${dump} is not a readable pg_dump archive`,
    );
  // pg_restore turns the archive into SQL; psql applies it, after the wipe, as one transaction.
  const script = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dump], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const psql = spawn(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`],
    { env, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  psql.stdin.on('error', () => undefined);
  psql.stdin.write(
    'set client_min_messages = warning;\ndrop schema if exists public cascade;\ncreate schema public;\n',
  );
  // psql commits when its input ends, so the input only ends once pg_restore has written all of
  // it; if pg_restore fails, psql is killed mid-transaction and the server rolls everything back.
  script.stdout.pipe(psql.stdin, { end: false });
  const restored = exited(script, 'pg_restore').then((problem) => {
    if (problem) psql.kill('SIGKILL');
    else psql.stdin.end(rebaseSeals);
    return problem;
  });
  const problems = (await Promise.all([restored, exited(psql, 'psql')])).filter(Boolean);
  if (problems.length > 0) fail(`${problems.join('; ')} — the transaction was rolled back, the database is as it was`);
}
if (uploads) {
  moveAside('uploads');
  cpSync(path.join(source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
}
if (secret) {
  moveAside('.auth-secret');
  copyFileSync(path.join(source, '.auth-secret'), path.join(dataDir, '.auth-secret'));
}
console.log(`\nrestored${existsSync(aside) ? `; what was replaced is in ${aside}` : ''}.`);
console.log(
  'Next: npm run admin -- verify-ledger, then start the server (migrations newer than the backup run at start).',
);
