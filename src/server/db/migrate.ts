import { Migrator, type Kysely, type MigrationProvider, type Migration } from 'kysely';
import { applyFunctions } from './db-functions';
import type { Dialect } from './dialect';
import { migrations } from './migrations/index';

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.dialect) }]),
    );
  }
}

/**
 * Brings the schema up to date, then the PostgreSQL functions to their files (decision 031); runs
 * at every start and is safe to run from several instances at once.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await applyFunctions(db, dialect);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
