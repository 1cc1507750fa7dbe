import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { ConfigError, isPublicOrigin, loadConfig } from './config';

const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atlas-config-')), AUTH_SECRET: 'x'.repeat(32) };

describe('modes that cannot weaken a deployment', () => {
  it.each([
    ['http://localhost:3000', false],
    ['http://127.0.0.1:4510', false],
    ['http://10.1.2.3', false],
    ['http://192.168.1.20:8080', false],
    ['http://172.20.0.5', false],
    ['http://[::1]:3000', false],
    ['http://atlas.test', false],
    ['http://box.local', false],
    ['https://invest.example.com', true],
    ['http://172.32.0.1', true],
    ['http://8.8.8.8', true],
    ['http://localhost.evil.com', true],
  ])('%s is public: %s', (origin, expected) => {
    expect(isPublicOrigin(origin)).toBe(expected);
  });

  it.each([
    [{ NODE_ENV: 'production', TEST_CLOCK: 'true' }, /TEST_CLOCK: refused with NODE_ENV=production/],
    [{ PUBLIC_URL: 'https://invest.example.com', TEST_CLOCK: 'true' }, /TEST_CLOCK: refused with a public PUBLIC_URL/],
    [{ NODE_ENV: 'production', DEMO_MODE: 'true' }, /DEMO_MODE: refused with NODE_ENV=production/],
    [
      { NODE_ENV: 'production', PASSWORD_SCRYPT_N: '1024' },
      /PASSWORD_SCRYPT_N: below 16384 refused with NODE_ENV=production/,
    ],
    [
      { PUBLIC_URL: 'https://invest.example.com', PASSWORD_SCRYPT_N: '8192' },
      /PASSWORD_SCRYPT_N: below 16384 refused with a public PUBLIC_URL/,
    ],
    [{ NODE_ENV: 'test', PASSWORD_SCRYPT_N: '3000' }, /PASSWORD_SCRYPT_N: must be a power of two/],
    [
      { NODE_ENV: 'test', PUBLIC_URL: 'https://invest.example.com', DEMO_MODE: 'true' },
      /DEMO_MODE: refused with a public PUBLIC_URL/,
    ],
  ])('%o refuses to start', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('demo addresses are off by default in production and on a public URL, on by default locally', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://invest.example.com' }).demoMode).toBe(false);
    expect(loadConfig({ ...base }).demoMode).toBe(true);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://127.0.0.1:4510',
        TEST_CLOCK: 'true',
        DEMO_MODE: 'true',
      }),
    ).toMatchObject({ testClock: true, demoMode: true });
  });
});

describe('password hash cost', () => {
  it('is scrypt N 16384 under every NODE_ENV unless lowered for tests, and never higher', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).passwordScryptN).toBe(16_384);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).passwordScryptN).toBe(16_384);
    expect(loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_SCRYPT_N: '1024' }).passwordScryptN).toBe(1024);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_SCRYPT_N: '32768' })).toThrow(
      /PASSWORD_SCRYPT_N/,
    );
  });
});

describe('vitals beacon setting', () => {
  it('defaults to 30 a minute per address and takes a whole number', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).vitals).toEqual({ beaconsPerMinute: 30 });
    expect(loadConfig({ ...base, NODE_ENV: 'test', VITALS_BEACONS_PER_MINUTE: '5' }).vitals).toEqual({
      beaconsPerMinute: 5,
    });
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', VITALS_BEACONS_PER_MINUTE: '0' })).toThrow(
      /VITALS_BEACONS_PER_MINUTE/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).assistantMessagesPerMinute).toBe(60);
    expect(
      loadConfig({ ...base, NODE_ENV: 'test', ASSISTANT_MESSAGES_PER_MINUTE: '5' }).assistantMessagesPerMinute,
    ).toBe(5);
  });
});

describe('abuse-limit settings', () => {
  it('default to the documented values', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).limits).toEqual({
      loginBrakeAddresses: 10,
      maxPendingDeposits: 3,
      correctionMaxVersions: 3,
      proofUploadsPerHour: 10,
      recipientLookupsPerHour: 30,
      apiReadsPerMinute: 600,
      apiWritesPerMinute: 120,
    });
  });

  it('take whole numbers from the environment', () => {
    const c = loadConfig({
      ...base,
      NODE_ENV: 'test',
      LOGIN_BRAKE_ADDRESSES: '25',
      MAX_PENDING_DEPOSITS: '5',
      CORRECTION_MAX_VERSIONS: '2',
      PROOF_UPLOADS_PER_HOUR: '4',
      RECIPIENT_LOOKUPS_PER_HOUR: '12',
      API_READS_PER_MINUTE: '900',
      API_WRITES_PER_MINUTE: '90',
    });
    expect(c.limits).toEqual({
      loginBrakeAddresses: 25,
      maxPendingDeposits: 5,
      correctionMaxVersions: 2,
      proofUploadsPerHour: 4,
      recipientLookupsPerHour: 12,
      apiReadsPerMinute: 900,
      apiWritesPerMinute: 90,
    });
  });

  it.each([
    ['LOGIN_BRAKE_ADDRESSES', '1'],
    ['MAX_PENDING_DEPOSITS', '0'],
    ['PROOF_UPLOADS_PER_HOUR', 'many'],
    ['RECIPIENT_LOOKUPS_PER_HOUR', '2.5'],
    ['API_READS_PER_MINUTE', '-1'],
    ['API_WRITES_PER_MINUTE', ''],
  ])('refuse a bad %s naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ ...base, NODE_ENV: 'test', [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(name);
  });
});

describe('monitoring thresholds (decision 035)', () => {
  it('default to the documented values, the large deposit at ten times DUAL_CONTROL_FROM', () => {
    expect(loadConfig(base).monitoring).toEqual({
      intervalS: 60,
      largeDepositFromCents: 1_000_000,
      outAfterInHours: 48,
      nearThresholdPct: 10,
      nearThresholdCount: 3,
      fanInSenders: 5,
    });
    expect(loadConfig({ ...base, DUAL_CONTROL_FROM: '5000.00' }).monitoring.largeDepositFromCents).toBe(5_000_000);
  });

  it('take amounts in dollars and whole numbers, an empty amount meaning the default and 0 turning a rule off', () => {
    const m = loadConfig({
      ...base,
      MONITORING_INTERVAL_S: '0',
      MONITORING_LARGE_DEPOSIT_FROM: '2500.50',
      MONITORING_OUT_AFTER_IN_HOURS: '24',
      MONITORING_NEAR_THRESHOLD_PCT: '5',
      MONITORING_NEAR_THRESHOLD_COUNT: '4',
      MONITORING_FAN_IN_SENDERS: '10',
    }).monitoring;
    expect(m).toEqual({
      intervalS: 0,
      largeDepositFromCents: 250_050,
      outAfterInHours: 24,
      nearThresholdPct: 5,
      nearThresholdCount: 4,
      fanInSenders: 10,
    });
    expect(loadConfig({ ...base, MONITORING_LARGE_DEPOSIT_FROM: '' }).monitoring.largeDepositFromCents).toBe(1_000_000);
    expect(loadConfig({ ...base, MONITORING_LARGE_DEPOSIT_FROM: '0' }).monitoring.largeDepositFromCents).toBe(0);
  });

  it.each([
    ['MONITORING_LARGE_DEPOSIT_FROM', '10 000', /MONITORING_LARGE_DEPOSIT_FROM: expected an amount in dollars/],
    ['MONITORING_OUT_AFTER_IN_HOURS', '0', /MONITORING_OUT_AFTER_IN_HOURS/],
    ['MONITORING_NEAR_THRESHOLD_PCT', '60', /MONITORING_NEAR_THRESHOLD_PCT/],
    ['MONITORING_NEAR_THRESHOLD_COUNT', '1', /MONITORING_NEAR_THRESHOLD_COUNT/],
    ['MONITORING_FAN_IN_SENDERS', 'many', /MONITORING_FAN_IN_SENDERS: expected a whole number/],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(message);
  });
});

describe('tiers and limits (decision 037)', () => {
  it('are off outside production and on in production by default, with production’s default table', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).tierLimits).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).tierLimits).toBeNull();
    const prod = loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://invest.example.com' }).tierLimits;
    expect(prod?.email).toEqual({
      deposit: { perRequest: null, rolling30Days: 1000_00 },
      withdrawal: { perRequest: 0, rolling30Days: 0 },
    });
    expect(prod?.identity.withdrawal).toEqual({ perRequest: null, rolling30Days: null });
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://invest.example.com', TIER_LIMITS: 'false' })
        .tierLimits,
    ).toBeNull();
  });

  it('parse a tier’s limits, and refuse what is not one', () => {
    const on = loadConfig({ ...base, TIER_LIMITS: 'true', LIMITS_IDENTITY: 'deposit:5000/-,withdrawal:2500.50/10000' });
    expect(on.tierLimits?.identity).toEqual({
      deposit: { perRequest: 5000_00, rolling30Days: null },
      withdrawal: { perRequest: 2500_50, rolling30Days: 10000_00 },
    });
    for (const bad of [
      'deposit:-/-',
      'withdrawal:1/1,deposit:1/1',
      'deposit:1,5/1,withdrawal:1/1',
      'deposit:x/-,withdrawal:-/-',
    ])
      expect(() => loadConfig({ ...base, TIER_LIMITS: 'true', LIMITS_EMAIL: bad })).toThrow(/LIMITS_EMAIL/);
  });
});

describe('deposit account keys (decision 044)', () => {
  // BIP84's test vector (mnemonic "abandon" ×11 "about"), account 0, and its private counterpart.
  const seed = hex.decode(
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  );
  const account = HDKey.fromMasterSeed(seed, { public: 0x04b24746, private: 0x04b2430c }).derive("m/84'/0'/0'");
  const zpub = account.publicExtendedKey;
  const zprv = account.privateExtendedKey;
  const base58check = createBase58check(sha256);
  /** The same key bytes under other version bytes (tpub, Ltub…). */
  const as = (key: string, version: number) => {
    const bytes = base58check.decode(key).slice();
    new DataView(bytes.buffer).setUint32(0, version, false);
    return base58check.encode(bytes);
  };

  it('are off by default and kept as given when valid', () => {
    expect(zpub).toBe(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    expect(loadConfig(base).depositXpubs).toEqual({ BTC: undefined, LTC: undefined });
    expect(
      loadConfig({ ...base, DEPOSIT_XPUB_BTC: zpub, DEPOSIT_XPUB_LTC: ` ${as(zpub, 0x019da462)} ` }).depositXpubs,
    ).toEqual({ BTC: zpub, LTC: as(zpub, 0x019da462) });
  });

  it.each([
    ['DEPOSIT_XPUB_BTC', zprv, /DEPOSIT_XPUB_BTC: this is a PRIVATE key \(zprv\)/],
    ['DEPOSIT_XPUB_LTC', as(zprv, 0x019d9cfe), /DEPOSIT_XPUB_LTC: this is a PRIVATE key \(Ltpv\)/],
    ['DEPOSIT_XPUB_BTC', as(zpub, 0x019da462), /DEPOSIT_XPUB_BTC: a Litecoin key \(Ltub\) given for Bitcoin/],
    ['DEPOSIT_XPUB_BTC', as(zpub, 0x043587cf), /DEPOSIT_XPUB_BTC: a testnet key \(tpub\)/],
    ['DEPOSIT_XPUB_LTC', as(zpub, 0x045f1cf6), /DEPOSIT_XPUB_LTC: a testnet key \(vpub\)/],
    [
      'DEPOSIT_XPUB_LTC',
      zpub.slice(0, -1) + (zpub.endsWith('s') ? 't' : 's'),
      /DEPOSIT_XPUB_LTC: not an extended public key \(bad base58 or checksum\)/,
    ],
    ['DEPOSIT_XPUB_BTC', account.deriveChild(0).publicExtendedKey, /DEPOSIT_XPUB_BTC: a key at depth 4/],
    ['DEPOSIT_XPUB_BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', /DEPOSIT_XPUB_BTC: not an extended public key/],
  ])('refuse a bad %s at start, naming it and never printing the key', (name, key, message) => {
    let error: unknown;
    try {
      loadConfig({ ...base, [name]: key });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(message);
    expect((error as ConfigError).message).not.toContain(key.slice(4, 24));
  });
  it('follows the chain only for a coin with both a provider and an account key, with its own threshold', () => {
    const chain = loadConfig({
      ...base,
      DEPOSIT_XPUB_BTC: zpub,
      ESPLORA_URL_BTC: 'https://esplora.example/api/',
      ESPLORA_SECOND_URL_BTC: 'https://mempool.example/api',
      CONFIRMATIONS_BTC: '4',
    }).chain;
    expect(chain.coins).toEqual({
      BTC: {
        url: 'https://esplora.example/api',
        secondUrl: 'https://mempool.example/api',
        confirmations: 4,
        startHeight: undefined,
      },
    });
    expect(chain.intervalS).toBe(30);
    expect(loadConfig(base).chain.coins).toEqual({});
    // Crediting (decision 059): $10 minimum, no policy unless asked, up to dual control's threshold.
    expect(chain).toMatchObject({ minDepositCents: 1000, autoCreditBelowCents: 0 });
    expect(loadConfig({ ...base, CHAIN_AUTO_CREDIT_BELOW: '1000.00' }).chain.autoCreditBelowCents).toBe(100_000);
  });

  it.each([
    [{ ESPLORA_URL_LTC: 'https://litecoinspace.example/api' }, /ESPLORA_URL_LTC: needs DEPOSIT_XPUB_LTC/],
    [{ ESPLORA_SECOND_URL_BTC: 'https://mempool.example/api' }, /ESPLORA_SECOND_URL_BTC: needs ESPLORA_URL_BTC/],
    [
      {
        DEPOSIT_XPUB_BTC: zpub,
        ESPLORA_URL_BTC: 'https://a.example/api',
        ESPLORA_SECOND_URL_BTC: 'https://a.example/api',
      },
      /ESPLORA_SECOND_URL_BTC: must be another provider/,
    ],
    [{ ESPLORA_URL_BTC: 'ftp://a.example' }, /ESPLORA_URL_BTC/],
    [{ CONFIRMATIONS_LTC: '0' }, /CONFIRMATIONS_LTC/],
    [{ ESPLORA_TIMEOUT_MS: '10' }, /ESPLORA_TIMEOUT_MS/],
    [{ TRONGRID_URL: 'https://api.trongrid.io' }, /TRONGRID_URL: needs DEPOSIT_ADDRESS_USDT_TRC20/],
    [
      {
        TRONGRID_URL: 'https://api.trongrid.io',
        DEPOSIT_ADDRESS_USDT_TRC20: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      },
      /TRONGRID_URL: needs DEPOSIT_ADDRESS_USDT_TRC20/,
    ],
    [
      {
        TRONGRID_URL: 'https://api.trongrid.io',
        DEPOSIT_ADDRESS_USDT_TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        TRON_USDT_CONTRACT: 'nope',
      },
      /TRON_USDT_CONTRACT/,
    ],
    [{ SOLANA_RPC_URL: 'https://api.mainnet-beta.solana.com' }, /SOLANA_RPC_URL: needs DEPOSIT_ADDRESS_SOL/],
    [{ CHAIN_CLAIM_TIMEOUT_MS: '10' }, /CHAIN_CLAIM_TIMEOUT_MS/],
    [{ CHAIN_AUTO_CREDIT_BELOW: '1000.01', DUAL_CONTROL_FROM: '1000.00' }, /CHAIN_AUTO_CREDIT_BELOW: may not exceed/],
    [{ CHAIN_MIN_DEPOSIT: '-1' }, /CHAIN_MIN_DEPOSIT/],
    [{ NODE_ENV: 'production', PAYOUT_CHECK: 'record' }, /PAYOUT_CHECK: record is for test runs/],
  ])('refuses a chain setting that cannot work, naming it (%o)', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('price feeds per coin (decision 056)', () => {
  it('default to Coinbase’s spot endpoint of each pair, BTC_PRICE_URL as before', () => {
    expect(loadConfig(base).price.urls).toEqual({
      BTC: 'https://api.coinbase.com/v2/prices/BTC-USD/spot',
      LTC: 'https://api.coinbase.com/v2/prices/LTC-USD/spot',
      SOL: 'https://api.coinbase.com/v2/prices/SOL-USD/spot',
      USDT: 'https://api.coinbase.com/v2/prices/USDT-USD/spot',
    });
    expect(loadConfig({ ...base, BTC_PRICE_URL: 'http://feed.test/btc' }).price.urls.BTC).toBe('http://feed.test/btc');
  });

  it.each([
    ['LTC_PRICE_URL', 'ftp://feed.test/ltc'],
    ['SOL_PRICE_URL', 'not a url'],
    ['USDT_PRICE_URL', ''],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });

  it('refuses two coins on one URL, naming both', () => {
    expect(() => loadConfig({ ...base, SOL_PRICE_URL: 'https://api.coinbase.com/v2/prices/LTC-USD/spot' })).toThrow(
      /SOL_PRICE_URL: the same URL as LTC_PRICE_URL/,
    );
    expect(() => loadConfig({ ...base, USDT_PRICE_URL: 'https://api.coinbase.com/v2/prices/BTC-USD/spot' })).toThrow(
      /USDT_PRICE_URL: the same URL as BTC_PRICE_URL/,
    );
  });
});

describe('payouts with their transaction (decision 057)', () => {
  it('reads the tolerance and an explorer per coin; none by default', () => {
    expect(loadConfig(base).payouts).toEqual({ toleranceBps: 200, explorers: {}, check: 'chain' });
    const payouts = loadConfig({
      ...base,
      PAYOUT_TOLERANCE_BPS: '50',
      EXPLORER_TX_URL_BTC: 'https://mempool.space/tx/{txid}',
      EXPLORER_TX_URL_USDT_TRC20: 'https://tronscan.org/#/transaction/{txid}',
      EXPLORER_TX_URL_SOL: 'http://localhost:8080/tx/{txid}',
    }).payouts;
    expect(payouts).toEqual({
      toleranceBps: 50,
      explorers: {
        BTC: 'https://mempool.space/tx/{txid}',
        USDTTRC20: 'https://tronscan.org/#/transaction/{txid}',
        SOL: 'http://localhost:8080/tx/{txid}',
      },
      check: 'chain',
    });
  });

  it.each([
    [{ EXPLORER_TX_URL_BTC: 'https://mempool.space/tx/' }, /EXPLORER_TX_URL_BTC: expected a URL with \{txid\}/],
    [
      { EXPLORER_TX_URL_LTC: 'http://explorer.example.com/tx/{txid}' },
      /EXPLORER_TX_URL_LTC: expected a URL starting with https/,
    ],
    [{ EXPLORER_TX_URL_BNB: 'javascript:alert({txid})' }, /EXPLORER_TX_URL_BNB/],
    [{ EXPLORER_TX_URL_SOL: 'not a url {txid}' }, /EXPLORER_TX_URL_SOL/],
    [{ PAYOUT_TOLERANCE_BPS: '5001' }, /PAYOUT_TOLERANCE_BPS/],
  ])('refuses a payout setting an investor could not use, naming it (%o)', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
