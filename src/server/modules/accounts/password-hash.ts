import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt with better-auth's own parameters and format (`salt:key`, hex), so every
 * hash written before stays valid and better-auth could read ours. The cost factor N is a setting
 * (PASSWORD_SCRYPT_N) only so that test runs, which create thousands of accounts, need not pay
 * 0.1 s of CPU per hash; the configuration refuses a lower N where real people could sign in
 * (decision 042). A hash made with another N says so (`n16384$` is the default, left implicit), so any
 * process verifies any hash whatever its own setting: a test's server started with the default
 * still signs in a person created by a cheaper test harness.
 */
export const DEFAULT_SCRYPT_N = 16_384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;
const PREFIX = /^n(\d+)\$/;

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r: R, p: P, maxmem: 128 * n * R * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function passwordHasher(n: number = DEFAULT_SCRYPT_N): PasswordHasher {
  const prefix = n === DEFAULT_SCRYPT_N ? '' : `n${n}$`;
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${prefix}${salt}:${(await derive(password, salt, n)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const cost = PREFIX.exec(hash);
      const hashN = cost ? Number(cost[1]) : DEFAULT_SCRYPT_N;
      const [salt, key] = (cost ? hash.slice(cost[0].length) : hash).split(':');
      if (!salt || !key || !isScryptN(hashN)) throw new Error('Invalid password hash');
      const expected = Buffer.from(key, 'hex');
      const actual = await derive(password, salt, hashN);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

/** A power of two from 2^10 to 2^20: what scrypt accepts, within what a server can afford. */
export function isScryptN(n: number): boolean {
  return Number.isInteger(n) && n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0;
}
