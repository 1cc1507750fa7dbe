import { dbFaultOf } from './faults';
import { databaseAnswers } from './health.repo';
import type { Db } from './index';

/** A PostgreSQL URL as an operator reads it in a log line: host, port and database, never the password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `postgres://${user}${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the database of DATABASE_URL';
  }
}

function causeOf(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? (message.split('\n')[0] ?? '') : '';
  return typeof code === 'string' && code !== '' ? `${code}${text ? `: ${text}` : ''}` : text || String(err);
}

export interface WaitOptions {
  /** What to name in each line (describeDatabase). */
  where: string;
  giveUpAfterMs: number;
  log: (line: string) => void;
  /** Called once after the last line when giving up (the process exits). */
  exit: () => never | void;
  /** The pause before attempt n (from 1); 0.5 s doubling to 5 s by default. */
  pauseMs?: (attempt: number) => number;
}

/**
 * At start, waits for the database to answer (decision 026): an unreachable or starting server
 * is tried again with a growing pause, one line per attempt; after `giveUpAfterMs` one last line
 * and `exit`. Any other refusal (a wrong password, a missing database) is said once, at once.
 */
export async function waitForDatabase(db: Db, options: WaitOptions): Promise<void> {
  const started = Date.now();
  const pause = options.pauseMs ?? ((n: number) => Math.min(5000, 500 * 2 ** (n - 1)));
  for (let attempt = 1; ; attempt++) {
    try {
      await databaseAnswers(db);
      if (attempt > 1) options.log(`database ${options.where} answers (attempt ${attempt})`);
      return;
    } catch (err) {
      const fault = dbFaultOf(err);
      const elapsed = Date.now() - started;
      if (!fault || fault.kind === 'full') {
        options.log(`database ${options.where} refused the connection (${causeOf(err)}); not retrying`);
        options.exit();
        throw err;
      }
      const wait = pause(attempt);
      if (elapsed + wait > options.giveUpAfterMs) {
        options.log(
          `database ${options.where} still unreachable after ${Math.round(elapsed / 1000)} s and ${attempt} attempts (${causeOf(err)}); giving up (DB_START_TIMEOUT_S)`,
        );
        options.exit();
        throw err;
      }
      options.log(
        `database ${options.where} unreachable (${causeOf(err)}), attempt ${attempt}; next in ${(wait / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
