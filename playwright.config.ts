import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
/** The journeys' own SMTP peer listens here (tests/e2e/support/smtp.ts). */
export const smtpPort = port + 100;
/** The journeys' Bitcoin chain, an Esplora-compatible peer (tests/e2e/support/chain-peer.ts). */
export const chainPeerPort = port + 200;
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`;
const dist = process.env.ATLAS_DIST ?? 'dist';

/** Browser journeys in Debian's Chromium against the production build; Playwright never downloads a browser. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // One folder per server port: the container route's first-run journey runs beside the others.
  outputDir: `.tmp/test-results-${port}`,
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: `node --import tsx tests/e2e/support/chain-peer.ts ${chainPeerPort}`,
      url: `http://127.0.0.1:${chainPeerPort}/blocks/tip/height`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The e2e operators come from the same CLI an operator would use, each with their own name;
      // there is no default password.
      command: `rm -rf ${dataDir} && node ${dist}/server/cli.js create --email admin@atlas.test --password admin-password-e2e --name 'Claire Martin' && node ${dist}/server/cli.js create --email admin2@atlas.test --password admin2-password-e2e --name 'Marc Petit' && node ${dist}/server/main.js`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        // The origin the browser really uses: state-changing requests from any other are refused.
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        TEST_CLOCK: 'true',
        // A sixteenth of the production password-hash cost (decision 042): journeys sign up hundreds of people.
        PASSWORD_SCRYPT_N: '1024',
        // Every journey comes from 127.0.0.1: widen the per-IP attempt limits (per-account ones stay).
        AUTH_LIMIT_FACTOR: '50',
        API_READS_PER_MINUTE: '100000',
        API_WRITES_PER_MINUTE: '100000',
        // Every page a journey leaves sends its vitals, all from 127.0.0.1.
        VITALS_BEACONS_PER_MINUTE: '100000',
        ASSISTANT_MESSAGES_PER_MINUTE: '100000',
        DEMO_MODE: 'true',
        // Each investor's own BTC address (decision 044), from BIP84's public test vector (mnemonic
        // "abandon" ×11 "about", account 0): a real key, so the deposit screen lists it instead of samples.
        DEPOSIT_XPUB_BTC:
          'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
        // The same key as a Litecoin wallet exports it, with no chain followed: LTC is the coin the
        // journeys still declare with a screenshot (BTC's payments are seen on chain, decision 062).
        DEPOSIT_XPUB_LTC:
          'Ltub2Z1zyGvbcEwmj1jAQcLSwfxMsZut8QS84GKVoqcbdF9snnvjrDYGoZQpbUSrpowJSNoTHdzuBq2QmScUEBUjuVRypgNwN2g3yrd5HiGRfxy',
        // Journeys fund people with up to $1,000 approved by one operator; the dual-control journey uses $5,000.
        DUAL_CONTROL_FROM: '5000.00',
        // Tier limits on (decision 037), above every journey's money before an identity is verified
        // (i18n.spec deposits $850 million, files $123 million more and withdraws $2.2 million); the identity journey sees its
        // limit rise, limits-edges.spec uses them up.
        TIER_LIMITS: 'true',
        LIMITS_NONE: 'deposit:-/1000000000.00,withdrawal:-/100000000.00',
        LIMITS_EMAIL: 'deposit:-/1000000000.00,withdrawal:-/100000000.00',
        LIMITS_IDENTITY: 'deposit:-/-,withdrawal:-/-',
        // The monitoring job judges new movements every second, so the alerts journey need not wait a minute.
        MONITORING_INTERVAL_S: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        BTC_PRICE_URL: `http://127.0.0.1:${port}/api/test/btc-price`,
        LTC_PRICE_URL: `http://127.0.0.1:${port}/api/test/price/LTC`,
        SOL_PRICE_URL: `http://127.0.0.1:${port}/api/test/price/SOL`,
        USDT_PRICE_URL: `http://127.0.0.1:${port}/api/test/price/USDT`,
        // The investor's link to a payout transaction (decision 057).
        EXPLORER_TX_URL_BTC: 'https://mempool.space/tx/{txid}',
        E2E_ADMIN_EMAIL: 'admin@atlas.test',
        E2E_ADMIN_PASSWORD: 'admin-password-e2e',
        // The chain watcher follows the journeys' own chain every second (chain-deposit.spec); payments
        // under $500 are credited by the policy (decision 059), below dual control's $5,000.
        ESPLORA_URL_BTC: `http://127.0.0.1:${chainPeerPort}`,
        CONFIRMATIONS_BTC: '2',
        CHAIN_INTERVAL_S: '1',
        CHAIN_AUTO_CREDIT_BELOW: '500.00',
        // Journeys pay withdrawals with no transaction on that chain: payout ids are recorded, not checked.
        PAYOUT_CHECK: 'record',
      },
    },
  ],
});
