import pg from 'pg';

/** Drops databases left behind by interrupted PostgreSQL runs (older than an hour). */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DIALECT !== 'postgres' || !url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'atlas_t_%'`,
    );
    const cutoff = Date.now() - 3_600_000;
    for (const { datname } of rows) {
      const created = parseInt(datname.split('_')[2] ?? '', 36);
      if (Number.isFinite(created) && created < cutoff)
        await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}
