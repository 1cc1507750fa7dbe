import { networkInterfaces } from 'node:os';
import type { Config } from './config';

export interface FirstAdmin {
  email: string;
  password: string;
}

/** The machine's own non-internal addresses (what a phone on the same network would use). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && !i.internal && (i.family === 'IPv4' || !i.address.startsWith('fe80')))
    .map((i) => (i!.family === 'IPv6' ? `[${i!.address}]` : i!.address));
}

/** Where the data lives, in words, without a database password. */
function dataLine(config: Config): string {
  if (config.database.kind === 'sqlite') return `${config.dataDir} (SQLite database atlas.db, uploads, mail outbox)`;
  const url = new URL(config.database.url);
  url.password = '';
  const files =
    config.storage.kind === 's3' ? `proofs in S3 bucket ${config.storage.bucket}` : `files in ${config.dataDir}`;
  return `PostgreSQL ${url.host}${url.pathname}; ${files}`;
}

/** The Node this process runs on, as the start block names it. */
const runningNode = (): string => `${process.version} (${process.execPath})`;

/**
 * The block that ends the start log: the address to open (and the others that work), the first
 * operator's one-time password on the very first start, where the data lives, the Node it runs
 * on, how to stop.
 */
export function startBanner(config: Config, opts: { firstAdmin?: FirstAdmin; lan?: string[]; node?: string }): string {
  const port = config.port;
  const others: string[] = [];
  const local = !['127.0.0.1', '::1', 'localhost'].includes(config.host);
  if (config.origins.sameHost) {
    others.push(`http://127.0.0.1:${port}`);
    if (local) for (const address of opts.lan ?? []) others.push(`http://${address}:${port}`);
  }
  const lines = [
    '',
    '  ----------------------------------------------------------------------',
    '  Atlas Invest is ready.',
    `  Open:     ${config.publicUrl}`,
    ...(others.length > 0 ? [`            (also ${others.join(', ')})`] : []),
  ];
  if (opts.firstAdmin) {
    lines.push(
      `  Operator: ${opts.firstAdmin.email}`,
      `            one-time password: ${opts.firstAdmin.password}`,
      '            shown only now: sign in at /admin and change it from the profile page',
      `            named "First operator": give it your name with npm run admin -- create --email ${opts.firstAdmin.email} --password <new> --name "<first and last name>"`,
    );
  }
  lines.push(
    `  Data:     ${dataLine(config)}`,
    `  Node:     ${opts.node ?? runningNode()}`,
    '  Stop:     Ctrl+C (or SIGTERM): requests in flight finish first',
    '  ----------------------------------------------------------------------',
    '',
  );
  return lines.join('\n');
}

/** The stream a pino logger writes to (its symbol is private to pino), to write after its queued lines. */
export function logStream(log: object): { write(text: string): unknown } | undefined {
  for (let o: object | null = log; o; o = Object.getPrototypeOf(o) as object | null) {
    const sym = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.stream');
    if (sym) return (log as Record<symbol, { write(text: string): unknown } | undefined>)[sym];
  }
  return undefined;
}
