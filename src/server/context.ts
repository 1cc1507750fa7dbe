import type { Clock } from '../core/clock';
import type { Config } from './config';
import type { Db, DbHandle } from './db/index';
import type { Dialect } from './db/dialect';

/** What every module is built from. Tests build it with a fresh database and a movable clock. */
export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  dialect: Dialect;
  clock: Clock;
}
