import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import * as m001 from './001_foundation';

export interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** In order. A migration, once released, is never edited: add the next one. */
export const migrations: Record<string, MigrationModule> = {
  '001_foundation': m001,
};
