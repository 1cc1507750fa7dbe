import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/atlas-config-test', AUTH_SECRET: 'x'.repeat(32) };

describe('abuse-limit settings', () => {
  it('default to the documented values', () => {
    expect(loadConfig(base).limits).toEqual({
      loginBrakeAddresses: 10,
      maxPendingDeposits: 3,
      proofUploadsPerHour: 10,
      recipientLookupsPerHour: 30,
      apiReadsPerMinute: 600,
      apiWritesPerMinute: 120,
    });
  });

  it('take whole numbers from the environment', () => {
    const c = loadConfig({ ...base, LOGIN_BRAKE_ADDRESSES: '25', MAX_PENDING_DEPOSITS: '5', PROOF_UPLOADS_PER_HOUR: '4', RECIPIENT_LOOKUPS_PER_HOUR: '12', API_READS_PER_MINUTE: '900', API_WRITES_PER_MINUTE: '90' });
    expect(c.limits).toEqual({ loginBrakeAddresses: 25, maxPendingDeposits: 5, proofUploadsPerHour: 4, recipientLookupsPerHour: 12, apiReadsPerMinute: 900, apiWritesPerMinute: 90 });
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
      loadConfig({ ...base, [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(name);
  });
});
