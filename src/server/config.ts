import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AccountKeyError, parseAccountKey } from '../core/chain/account-key';
import { pricedAssets, type PricedAsset } from '../core/coins';
import { validateAddress, type CryptoType } from '../core/crypto-address';
import type { LimitsTable, TierLimits } from '../core/tiers';
import { DEFAULT_SCRYPT_N, isScryptN } from './modules/accounts/password-hash';

const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1');
/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none, all, the last N hops, or
 * the listed addresses and CIDR ranges. `true` is only safe when the proxy replaces the header.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    if (['', 'false', '0'].includes(v)) return false;
    if (v === 'true') return true;
    if (/^[1-9]\d?$/.test(v)) return Number(v);
    const list = v.split(',').map((p) => p.trim());
    const valid = list.every((p) => {
      const [address, bits, ...rest] = p.split('/');
      const family = isIP(address ?? '');
      const maxBits = family === 4 ? 32 : 128;
      return (
        family !== 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
      );
    });
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected false, true, a hop count, or a comma-separated list of addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return list;
  });
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
const optionalUrl = (protocols: string[]) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), url(protocols).optional());
/** Dollars as text ("1000.00"), read as integer cents. */
const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'expected an amount in dollars such as 1000.00')
  .transform((v) => {
    const [whole = '0', frac = ''] = v.split('.');
    return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  });
/**
 * One tier's limits (decision 037): `deposit:<per request>/<30 days>,withdrawal:<per request>/<30 days>`,
 * each an amount in dollars or `-` for none, e.g. `deposit:-/1000.00,withdrawal:0/0`.
 */
const limitAmount = /^(-|\d{1,10}(\.\d{1,2})?)$/;
const tierLimits = z
  .string()
  .trim()
  .regex(
    /^deposit:[^,/]+\/[^,/]+,withdrawal:[^,/]+\/[^,/]+$/,
    'expected deposit:<per request>/<30 days>,withdrawal:<per request>/<30 days>',
  )
  .refine(
    (v) =>
      v
        .split(/[:,/]/)
        .filter((_, i) => i % 3 !== 0)
        .every((a) => limitAmount.test(a)),
    {
      message: 'each limit is an amount in dollars such as 1000.00, or - for none',
    },
  )
  .transform((v): TierLimits => {
    const cents = (a: string) => (a === '-' ? null : dollars.parse(a));
    const [, dr, dm, , wr, wm] = v.split(/[:,/]/) as [string, string, string, string, string, string];
    return {
      deposit: { perRequest: cents(dr), rolling30Days: cents(dm) },
      withdrawal: { perRequest: cents(wr), rolling30Days: cents(wm) },
    };
  });
const int = (min: number, max: number) =>
  z.coerce.number({ message: 'expected a whole number' }).int('expected a whole number').min(min).max(max);

/** Every environment variable the server reads. `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: int(1, 500).default(10),
  // Bounded database waits (decision 026); 0 turns one off.
  DB_STATEMENT_TIMEOUT_MS: int(0, 3_600_000).default(10_000),
  DB_LOCK_TIMEOUT_MS: int(0, 600_000).default(2000),
  DB_ACQUIRE_TIMEOUT_MS: int(100, 600_000).default(5000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(0, 3_600_000).default(60_000),
  SQLITE_BUSY_TIMEOUT_MS: int(0, 600_000).default(5000),
  DB_RETRY_MS: int(0, 60_000).default(5000),
  DB_START_TIMEOUT_S: int(0, 3600).default(60),
  READYZ_TIMEOUT_MS: int(100, 10_000).default(1500),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  AUTH_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'expected at least 16 characters').optional(),
  ),
  AUTH_LIMIT_FACTOR: int(1, 1000).default(1),
  LOGIN_BRAKE_ADDRESSES: int(2, 1_000_000).default(10),
  MAX_PENDING_DEPOSITS: int(1, 1000).default(3),
  CORRECTION_MAX_VERSIONS: int(1, 100).default(3),
  PROOF_UPLOADS_PER_HOUR: int(1, 1_000_000).default(10),
  RECIPIENT_LOOKUPS_PER_HOUR: int(1, 1_000_000).default(30),
  API_READS_PER_MINUTE: int(1, 10_000_000).default(600),
  API_WRITES_PER_MINUTE: int(1, 10_000_000).default(120),
  VITALS_BEACONS_PER_MINUTE: int(1, 10_000_000).default(30),
  ASSISTANT_MESSAGES_PER_MINUTE: int(1, 10_000_000).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
  HEADERS_TIMEOUT_MS: int(100, 60_000).default(10_000),
  REQUEST_TIMEOUT_MS: int(100, 30_000).default(30_000),
  // Above the 25 s heartbeat of /api/events, which keeps a live stream from ever looking idle.
  IDLE_TIMEOUT_MS: int(30_000, 600_000).default(60_000),
  SERVE_WEB: bool.default(true),
  DEMO_MODE: bool.optional(),
  TEST_CLOCK: bool.default(false),
  PASSWORD_SCRYPT_N: int(1024, DEFAULT_SCRYPT_N).refine(isScryptN, 'must be a power of two').default(DEFAULT_SCRYPT_N),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Atlas Invest <no-reply@atlas-invest.local>'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(true),
  PROOF_SWEEP_MIN_AGE_S: int(0, 7 * 86_400).default(900),
  BTC_PRICE_URL: url(['http:', 'https:']).default('https://api.coinbase.com/v2/prices/BTC-USD/spot'),
  // The other assets' feeds (decision 056), read the same way and under BTC's TTL, timeout and staleness.
  LTC_PRICE_URL: url(['http:', 'https:']).default('https://api.coinbase.com/v2/prices/LTC-USD/spot'),
  SOL_PRICE_URL: url(['http:', 'https:']).default('https://api.coinbase.com/v2/prices/SOL-USD/spot'),
  USDT_PRICE_URL: url(['http:', 'https:']).default('https://api.coinbase.com/v2/prices/USDT-USD/spot'),
  BTC_PRICE_TTL_S: int(1, 86_400).default(60),
  BTC_PRICE_TIMEOUT_MS: int(100, 60_000).default(3000),
  PRICE_STALE_AFTER_S: int(60, 30 * 86_400).default(900),
  DEPOSIT_ADDRESS_BTC: optionalText,
  DEPOSIT_ADDRESS_LTC: optionalText,
  DEPOSIT_ADDRESS_USDT_TRC20: optionalText,
  DEPOSIT_ADDRESS_SOL: optionalText,
  // An address per investor (decision 044): BIP84 account-level extended public keys, never private ones.
  DEPOSIT_XPUB_BTC: optionalText,
  DEPOSIT_XPUB_LTC: optionalText,
  // Following the chain (decision 055): an Esplora-compatible API per coin, and a second one that must agree.
  ESPLORA_URL_BTC: optionalUrl(['http:', 'https:']),
  ESPLORA_URL_LTC: optionalUrl(['http:', 'https:']),
  ESPLORA_SECOND_URL_BTC: optionalUrl(['http:', 'https:']),
  ESPLORA_SECOND_URL_LTC: optionalUrl(['http:', 'https:']),
  ESPLORA_TIMEOUT_MS: int(100, 120_000).default(10_000),
  // Deposits to the platform's one address, attributed by the transaction id the person gives
  // (decision 060): a TronGrid-compatible API for USDT (TRC-20), a Solana JSON-RPC for SOL.
  TRONGRID_URL: optionalUrl(['http:', 'https:']),
  TRON_USDT_CONTRACT: z.string().default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  SOLANA_RPC_URL: optionalUrl(['http:', 'https:']),
  CHAIN_CLAIM_TIMEOUT_MS: int(100, 120_000).default(10_000),
  CONFIRMATIONS_BTC: int(1, 1000).default(3),
  CONFIRMATIONS_LTC: int(1, 1000).default(6),
  CHAIN_START_HEIGHT_BTC: z.preprocess((v) => (v === '' ? undefined : v), int(0, 100_000_000).optional()),
  CHAIN_START_HEIGHT_LTC: z.preprocess((v) => (v === '' ? undefined : v), int(0, 100_000_000).optional()),
  CHAIN_INTERVAL_S: int(0, 3600).default(30),
  CHAIN_MEMPOOL_MAX_TXS: int(0, 1_000_000).default(2000),
  // Crediting what the chain shows (decision 059): below the minimum a payment is refunded, not
  // credited; below CHAIN_AUTO_CREDIT_BELOW (0: never) a confirmed one is credited without a person.
  CHAIN_MIN_DEPOSIT: z.string().default('10.00').pipe(dollars),
  CHAIN_AUTO_CREDIT_BELOW: z.string().default('0').pipe(dollars),
  // Payouts with their transaction (decision 057): the rate tolerance, and an explorer link per coin.
  PAYOUT_TOLERANCE_BPS: int(0, 5000).default(200),
  // `chain`: a payout in a coin whose chain is followed is checked there; `record`: every payout id is
  // recorded unchecked (test runs whose chain pays no withdrawal; refused in production).
  PAYOUT_CHECK: z.enum(['chain', 'record']).default('chain'),
  EXPLORER_TX_URL_BTC: optionalText,
  EXPLORER_TX_URL_LTC: optionalText,
  EXPLORER_TX_URL_USDT_TRC20: optionalText,
  EXPLORER_TX_URL_SOL: optionalText,
  EXPLORER_TX_URL_BNB: optionalText,
  DUAL_CONTROL_FROM: z.string().default('1000.00').pipe(dollars),
  DUAL_CONTROL_IDENTITY: bool.default(false),
  // Tiers and limits (decision 037): on by default in production only.
  TIER_LIMITS: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),
  LIMITS_NONE: z.string().default('deposit:-/1000.00,withdrawal:0/0').pipe(tierLimits),
  LIMITS_EMAIL: z.string().default('deposit:-/1000.00,withdrawal:0/0').pipe(tierLimits),
  LIMITS_IDENTITY: z.string().default('deposit:-/-,withdrawal:-/-').pipe(tierLimits),
  SEAL_INTERVAL_S: int(0, 86_400).default(60),
  // Monitoring alerts (decision 035); amounts and windows relative to DUAL_CONTROL_FROM by default.
  MONITORING_INTERVAL_S: int(0, 86_400).default(60),
  MONITORING_LARGE_DEPOSIT_FROM: z.preprocess((v) => (v === '' ? undefined : v), dollars.optional()),
  MONITORING_OUT_AFTER_IN_HOURS: int(1, 720).default(48),
  MONITORING_NEAR_THRESHOLD_PCT: int(1, 50).default(10),
  MONITORING_NEAR_THRESHOLD_COUNT: int(2, 100).default(3),
  MONITORING_FAN_IN_SENDERS: int(2, 1000).default(5),
  LIABILITIES_ROUNDS: z
    .string()
    .trim()
    .regex(/^(monthly|off|[1-9]\d{0,2}d)$/, 'expected monthly, off, or a number of days such as 7d')
    .default('monthly'),
  LIABILITIES_MIN_HEIGHT: int(1, 28).default(16),
  SUPPORT_EMAIL: z.string().trim().email('expected an e-mail address').default('support@atlas-invest.local'),
  RATE_TRADING_MONTHLY_PCT: z.coerce.number().min(0).max(1000).default(15),
  RATE_REAL_ESTATE_QUARTERLY_PCT: z.coerce.number().min(0).max(1000).default(12),
  RATE_STOCKS_YEARLY_MIN_PCT: z.coerce.number().min(0).max(1000).default(8),
  RATE_STOCKS_YEARLY_MAX_PCT: z.coerce.number().min(0).max(1000).default(10),
});

export type Env = z.infer<typeof envSchema>;

export interface DbTimeouts {
  /** PostgreSQL statement_timeout (0: none). */
  statementMs: number;
  /** PostgreSQL lock_timeout (0: none); a money movement waits for a locked account at most retryMs. */
  lockMs: number;
  /** Waiting for a pooled connection, or for a new one to connect. */
  acquireMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout (0: none). */
  idleInTransactionMs: number;
  /** SQLite busy_timeout: how long a write waits for another writer of the same file. */
  sqliteBusyMs: number;
  /** How long a money movement refused for a cause known not to have committed is retried inside the server. */
  retryMs: number;
  /** How long start-up keeps retrying an unreachable database before giving up. */
  startS: number;
  /** /readyz's own check. */
  readyMs: number;
}

export interface ChainCoinConfig {
  /** The Esplora-compatible API the watcher reads. */
  url: string;
  /** Another provider that must agree on a block before its payments count as confirmed. */
  secondUrl?: string;
  confirmations: number;
  /** Where a first start begins reading (the tip by default). */
  startHeight?: number;
}

export interface ChainConfig {
  /** Seconds between two passes of the job; 0 turns it off. */
  intervalS: number;
  timeoutMs: number;
  /** New mempool transactions read per pass and coin (0: the mempool is not followed). */
  mempoolMaxTxs: number;
  /** A confirmed payment worth less is not credited: it waits in the refunds queue (decision 059). */
  minDepositCents: number;
  /** A confirmed payment worth less is credited by the policy, without a person (0: never). */
  autoCreditBelowCents: number;
  coins: Partial<Record<'BTC' | 'LTC', ChainCoinConfig>>;
  /**
   * Coins paid to the platform's one address and claimed by transaction id (decision 060): the
   * provider to read, the address that must be paid, and (USDT) the token contract.
   */
  claims?: ChainClaimsConfig;
}

export interface ChainClaimsConfig {
  timeoutMs: number;
  USDT_TRC20?: { url: string; address: string; contract: string };
  SOL?: { url: string; address: string };
}

/** Payouts with their transaction (decision 057). */
export interface PayoutConfig {
  /** How far below the amount at today's rate a verified payout may be, in basis points (200 = 2 %). */
  toleranceBps: number;
  /** Per withdrawal crypto type, the explorer's page of a transaction, `{txid}` in it. */
  explorers: Partial<Record<CryptoType, string>>;
  /** Whether payouts in a followed coin are checked on chain (`chain`) or only recorded (`record`). */
  check: 'chain' | 'record';
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };
  /** Bounded database waits (decision 026, docs/operations.md). */
  dbTimeouts: DbTimeouts;
  publicUrl: string;
  /**
   * Which browser origins may post (decision 027): PUBLIC_URL's and its loopback aliases; on a
   * non-production run without an explicit PUBLIC_URL, also the request's own Host.
   */
  origins: { publicOrigin: string; sameHost: boolean };
  secureCookies: boolean;
  authSecret: string;
  trustProxy: boolean | number | string[];
  /** Bearer token for /metrics; without one, only loopback clients may read it. */
  metricsToken?: string;
  /** Multiplies the per-IP limits on login, signup, reset and 2FA (browser test runs share one IP). */
  authLimitFactor: number;
  /** Abuse limits (decision 017). */
  limits: {
    /** Different addresses failing on one account within 15 min before the account-wide sign-in brake. */
    loginBrakeAddresses: number;
    maxPendingDeposits: number;
    /** Versions one deposit or withdrawal may have, the first included: a rejected request is corrected at most this count minus one times. */
    correctionMaxVersions: number;
    proofUploadsPerHour: number;
    recipientLookupsPerHour: number;
    /** Per client address, on the whole /api: reads (GET, HEAD) and writes. */
    apiReadsPerMinute: number;
    apiWritesPerMinute: number;
  };
  /** Browsers' vitals beacon (POST /api/vitals, decision 030): its limit per client address. */
  vitals: { beaconsPerMinute: number };
  /** Messages sent to the assistant's model (POST /api/assistant/intent, decision 064), per client address. */
  assistantMessagesPerMinute: number;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  /** Slow clients are cut: whole headers, whole request (headers + body), and a silent connection. */
  timeouts: { headersMs: number; requestMs: number; idleMs: number };
  serveWeb: boolean;
  demoMode: boolean;
  testClock: boolean;
  /** scrypt's cost for new password hashes; lower only in tests (decision 042). */
  passwordScryptN: number;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint?: string;
        bucket: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  /** Unreferenced proof files older than this are removed (what a crash between file and row leaves). */
  proofSweepMinAgeMs: number;
  /** A feed per asset (decision 056), all with the same TTL, timeout and staleness. */
  price: { urls: Record<PricedAsset, string>; ttlMs: number; timeoutMs: number; staleAfterMs: number };
  depositAddresses: { BTC?: string; LTC?: string; USDT_TRC20?: string; SOL?: string };
  /** Account-level extended public keys (checked at start) from which each investor's own address is derived. */
  depositXpubs: { BTC?: string; LTC?: string };
  /** Following the chain for payments to the investors' own addresses (decision 055). */
  chain: ChainConfig;
  payouts: PayoutConfig;
  /** Approvals of this many cents or more need a second, different operator (0: every approval). */
  dualControlFromCents: number;
  /** Identity verifications need a second, different operator's approval (decision 036). */
  dualControlIdentity: boolean;
  /** Seconds between two seals of the journal and the audit trail; 0 turns sealing off. */
  sealIntervalS: number;
  /** Monitoring alerts for operators (decision 035). */
  monitoring: {
    /** Seconds between two runs of the job; 0 turns it off. */
    intervalS: number;
    /** A single deposit of this many cents or more (0: off); default ten times DUAL_CONTROL_FROM. */
    largeDepositFromCents: number;
    /** A withdrawal requested within this many hours after money came in. */
    outAfterInHours: number;
    /** "Just under" the dual-control threshold: within this percentage below it. */
    nearThresholdPct: number;
    /** This many deposits just under the threshold within 24 h. */
    nearThresholdCount: number;
    /** This many different people paying one person within 24 h. */
    fanInSenders: number;
  };
  /** Tiers and limits (decision 037): null when off (outside production by default). */
  tierLimits: LimitsTable | null;
  /** Where a frozen investor is told to write. */
  supportEmail: string;
  /** Proof-of-liabilities rounds (decision 034): how often, and the least height their trees are padded to. */
  liabilities: { rounds: 'monthly' | 'off' | { everyDays: number }; minHeight: number };
  advertisedRates: {
    tradingMonthlyPct: number;
    realEstateQuarterlyPct: number;
    stocksYearlyMinPct: number;
    stocksYearlyMaxPct: number;
  };
}

/**
 * Whether an origin could be reached by real users: anything but loopback, private and link-local
 * addresses and the reserved names (localhost, .test, .local, .internal, .example, .invalid).
 */
/**
 * Why real users could reach this server (production, or a public PUBLIC_URL), or undefined: modes
 * for tests and demos never run where they could.
 */
export function exposure(nodeEnv: string | undefined, publicUrl: string): string | undefined {
  if (nodeEnv === 'production') return 'NODE_ENV=production';
  return isPublicOrigin(publicUrl) ? `a public PUBLIC_URL (${publicUrl})` : undefined;
}

export function isPublicOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || /\.(localhost|test|local|internal|example|invalid)$/.test(host)) return false;
  if (isIP(host) === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return !(
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(host) === 6) return !(host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host));
  return true;
}

const explorerVariables = [
  ['BTC', 'EXPLORER_TX_URL_BTC'],
  ['LTC', 'EXPLORER_TX_URL_LTC'],
  ['USDTTRC20', 'EXPLORER_TX_URL_USDT_TRC20'],
  ['SOL', 'EXPLORER_TX_URL_SOL'],
  ['BNB', 'EXPLORER_TX_URL_BNB'],
] as const satisfies ReadonlyArray<readonly [CryptoType, keyof Env]>;

/**
 * Why an explorer template is refused, or undefined: it must hold `{txid}` and be an https URL
 * (http only for a host real users cannot reach, as a local explorer): investors open it.
 */
function explorerProblem(template: string): string | undefined {
  if (!template.includes('{txid}')) return 'expected a URL with {txid} where the transaction id goes';
  let parsed: URL;
  try {
    parsed = new URL(template.replaceAll('{txid}', 'txid'));
  } catch {
    return 'expected a URL starting with https://';
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && !isPublicOrigin(parsed.origin)) return undefined;
  return 'expected a URL starting with https:// (http:// only for localhost and private addresses)';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Embedded installs keep a generated secret in DATA_DIR so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.AUTH_SECRET && e.NODE_ENV === 'production') {
    problems.push('AUTH_SECRET: required with DATABASE_URL in production, so that every instance signs sessions alike');
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  }
  if (e.RATE_STOCKS_YEARLY_MIN_PCT > e.RATE_STOCKS_YEARLY_MAX_PCT) {
    problems.push('RATE_STOCKS_YEARLY_MIN_PCT: must not exceed RATE_STOCKS_YEARLY_MAX_PCT');
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (the request timeout includes the headers)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const exposed = exposure(e.NODE_ENV, publicUrl);
  if (exposed && e.TEST_CLOCK) problems.push(`TEST_CLOCK: refused with ${exposed}`);
  if (exposed && e.PASSWORD_SCRYPT_N < DEFAULT_SCRYPT_N)
    problems.push(`PASSWORD_SCRYPT_N: below ${DEFAULT_SCRYPT_N} refused with ${exposed}`);
  if (exposed && e.DEMO_MODE === true)
    problems.push(`DEMO_MODE: refused with ${exposed} (sample deposit addresses would be shown to real customers)`);
  for (const coin of ['BTC', 'LTC'] as const) {
    const key = e[`DEPOSIT_XPUB_${coin}`];
    try {
      if (key) parseAccountKey(coin, key);
    } catch (err) {
      // The message names the form of the key, never the key itself (it may be a private one).
      problems.push(
        `DEPOSIT_XPUB_${coin}: ${err instanceof AccountKeyError ? err.message : 'not a usable extended public key'}`,
      );
    }
  }
  // Two assets on one URL would price one coin at the other's rate (decision 056).
  const priceUrls = pricedAssets.map((asset) => [`${asset}_PRICE_URL`, e[`${asset}_PRICE_URL`]] as const);
  for (const [i, [name, value]] of priceUrls.entries()) {
    const same = priceUrls.slice(0, i).find(([, other]) => other === value);
    if (same) problems.push(`${name}: the same URL as ${same[0]} (each coin needs its own price feed)`);
  }
  const chainCoins: ChainConfig['coins'] = {};
  for (const coin of ['BTC', 'LTC'] as const) {
    const url = e[`ESPLORA_URL_${coin}`];
    const secondUrl = e[`ESPLORA_SECOND_URL_${coin}`];
    if (secondUrl && !url)
      problems.push(`ESPLORA_SECOND_URL_${coin}: needs ESPLORA_URL_${coin} (the provider it checks)`);
    if (secondUrl && url && new URL(secondUrl).href === new URL(url).href)
      problems.push(`ESPLORA_SECOND_URL_${coin}: must be another provider than ESPLORA_URL_${coin}`);
    if (!url) continue;
    if (!e[`DEPOSIT_XPUB_${coin}`])
      problems.push(
        `ESPLORA_URL_${coin}: needs DEPOSIT_XPUB_${coin} (without own addresses there is nothing to watch)`,
      );
    chainCoins[coin] = {
      url: url.replace(/\/$/, ''),
      secondUrl: secondUrl?.replace(/\/$/, ''),
      confirmations: e[`CONFIRMATIONS_${coin}`],
      startHeight: e[`CHAIN_START_HEIGHT_${coin}`],
    };
  }
  const claims: ChainClaimsConfig = { timeoutMs: e.CHAIN_CLAIM_TIMEOUT_MS };
  if (e.TRONGRID_URL) {
    const address = e.DEPOSIT_ADDRESS_USDT_TRC20;
    if (!address || !validateAddress('USDTTRC20', address))
      problems.push('TRONGRID_URL: needs DEPOSIT_ADDRESS_USDT_TRC20, a TRON address (T…), the platform’s own');
    else if (!validateAddress('USDTTRC20', e.TRON_USDT_CONTRACT))
      problems.push('TRON_USDT_CONTRACT: not a TRON address (T…)');
    else claims.USDT_TRC20 = { url: e.TRONGRID_URL.replace(/\/$/, ''), address, contract: e.TRON_USDT_CONTRACT };
  }
  if (e.SOLANA_RPC_URL) {
    const address = e.DEPOSIT_ADDRESS_SOL;
    if (!address || !validateAddress('SOL', address))
      problems.push('SOLANA_RPC_URL: needs DEPOSIT_ADDRESS_SOL, a Solana address, the platform’s own');
    else claims.SOL = { url: e.SOLANA_RPC_URL.replace(/\/$/, ''), address };
  }
  if (e.PAYOUT_CHECK === 'record' && e.NODE_ENV === 'production')
    problems.push('PAYOUT_CHECK: record is for test runs; in production payouts are checked on chain');
  // The policy may only take decisions one operator could take alone (decision 015).
  if (e.CHAIN_AUTO_CREDIT_BELOW > e.DUAL_CONTROL_FROM)
    problems.push('CHAIN_AUTO_CREDIT_BELOW: may not exceed DUAL_CONTROL_FROM (dual control is never skipped)');
  const explorers: PayoutConfig['explorers'] = {};
  for (const [crypto, name] of explorerVariables) {
    const template = e[name];
    if (!template) continue;
    const why = explorerProblem(template);
    if (why) problems.push(`${name}: ${why}`);
    else explorers[crypto] = template;
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.join(dataDir, 'atlas.db') },
    dbTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      sqliteBusyMs: e.SQLITE_BUSY_TIMEOUT_MS,
      retryMs: e.DB_RETRY_MS,
      startS: e.DB_START_TIMEOUT_S,
      readyMs: e.READYZ_TIMEOUT_MS,
    },
    publicUrl,
    origins: { publicOrigin: new URL(publicUrl).origin, sameHost: e.NODE_ENV !== 'production' && !e.PUBLIC_URL },
    secureCookies: publicUrl.startsWith('https:'),
    authSecret: e.AUTH_SECRET ?? embeddedSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    authLimitFactor: e.AUTH_LIMIT_FACTOR,
    limits: {
      loginBrakeAddresses: e.LOGIN_BRAKE_ADDRESSES,
      maxPendingDeposits: e.MAX_PENDING_DEPOSITS,
      correctionMaxVersions: e.CORRECTION_MAX_VERSIONS,
      proofUploadsPerHour: e.PROOF_UPLOADS_PER_HOUR,
      recipientLookupsPerHour: e.RECIPIENT_LOOKUPS_PER_HOUR,
      apiReadsPerMinute: e.API_READS_PER_MINUTE,
      apiWritesPerMinute: e.API_WRITES_PER_MINUTE,
    },
    vitals: { beaconsPerMinute: e.VITALS_BEACONS_PER_MINUTE },
    assistantMessagesPerMinute: e.ASSISTANT_MESSAGES_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS },
    serveWeb: e.SERVE_WEB,
    demoMode: e.DEMO_MODE ?? !exposed,
    testClock: e.TEST_CLOCK,
    passwordScryptN: e.PASSWORD_SCRYPT_N,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'mail') },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    proofSweepMinAgeMs: e.PROOF_SWEEP_MIN_AGE_S * 1000,
    price: {
      urls: { BTC: e.BTC_PRICE_URL, LTC: e.LTC_PRICE_URL, SOL: e.SOL_PRICE_URL, USDT: e.USDT_PRICE_URL },
      ttlMs: e.BTC_PRICE_TTL_S * 1000,
      timeoutMs: e.BTC_PRICE_TIMEOUT_MS,
      staleAfterMs: e.PRICE_STALE_AFTER_S * 1000,
    },
    depositAddresses: {
      BTC: e.DEPOSIT_ADDRESS_BTC,
      LTC: e.DEPOSIT_ADDRESS_LTC,
      USDT_TRC20: e.DEPOSIT_ADDRESS_USDT_TRC20,
      SOL: e.DEPOSIT_ADDRESS_SOL,
    },
    depositXpubs: { BTC: e.DEPOSIT_XPUB_BTC, LTC: e.DEPOSIT_XPUB_LTC },
    chain: {
      intervalS: e.CHAIN_INTERVAL_S,
      timeoutMs: e.ESPLORA_TIMEOUT_MS,
      mempoolMaxTxs: e.CHAIN_MEMPOOL_MAX_TXS,
      minDepositCents: e.CHAIN_MIN_DEPOSIT,
      autoCreditBelowCents: e.CHAIN_AUTO_CREDIT_BELOW,
      coins: chainCoins,
      claims,
    },
    payouts: { toleranceBps: e.PAYOUT_TOLERANCE_BPS, explorers, check: e.PAYOUT_CHECK },
    dualControlFromCents: e.DUAL_CONTROL_FROM,
    dualControlIdentity: e.DUAL_CONTROL_IDENTITY,
    sealIntervalS: e.SEAL_INTERVAL_S,
    monitoring: {
      intervalS: e.MONITORING_INTERVAL_S,
      largeDepositFromCents: e.MONITORING_LARGE_DEPOSIT_FROM ?? e.DUAL_CONTROL_FROM * 10,
      outAfterInHours: e.MONITORING_OUT_AFTER_IN_HOURS,
      nearThresholdPct: e.MONITORING_NEAR_THRESHOLD_PCT,
      nearThresholdCount: e.MONITORING_NEAR_THRESHOLD_COUNT,
      fanInSenders: e.MONITORING_FAN_IN_SENDERS,
    },
    tierLimits:
      (e.TIER_LIMITS ?? e.NODE_ENV === 'production')
        ? { none: e.LIMITS_NONE, email: e.LIMITS_EMAIL, identity: e.LIMITS_IDENTITY }
        : null,
    supportEmail: e.SUPPORT_EMAIL,
    liabilities: {
      rounds:
        e.LIABILITIES_ROUNDS === 'monthly' || e.LIABILITIES_ROUNDS === 'off'
          ? e.LIABILITIES_ROUNDS
          : { everyDays: Number(e.LIABILITIES_ROUNDS.slice(0, -1)) },
      minHeight: e.LIABILITIES_MIN_HEIGHT,
    },
    advertisedRates: {
      tradingMonthlyPct: e.RATE_TRADING_MONTHLY_PCT,
      realEstateQuarterlyPct: e.RATE_REAL_ESTATE_QUARTERLY_PCT,
      stocksYearlyMinPct: e.RATE_STOCKS_YEARLY_MIN_PCT,
      stocksYearlyMaxPct: e.RATE_STOCKS_YEARLY_MAX_PCT,
    },
  };
}
