import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt with better-auth's own parameters and format (`salt:key`, hex), so every
 * hash written before stays valid and better-auth could read ours. The cost factor N is a setting
 * (PASSWORD_SCRYPT_N) only so that test runs, which create thousands of accounts, need not pay
 * 0.1 s of CPU per hash; it is 16,384 under every NODE_ENV unless set, and the configuration refuses
 * a lower one where real people could sign in (decision 042). A hash made with another N says so
 * (`n1024$salt:key`), so any process verifies any hash whatever its own setting: a test's server
 * started with the default still signs in a person created by a cheaper test harness.
 */
export const DEFAULT_SCRYPT_N = 16_384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;
/** Exactly what `hash` writes: lower-case hex, a 16-byte salt, a 64-byte key. Anything else is malformed. */
const FORMAT = /^(?:n(\d+)\$)?([0-9a-f]{32}):([0-9a-f]{128})$/;

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
      const parts = FORMAT.exec(hash);
      const hashN = parts?.[1] === undefined ? DEFAULT_SCRYPT_N : Number(parts[1]);
      if (!parts || !isScryptN(hashN)) throw new Error('Invalid password hash');
      const expected = Buffer.from(parts[3]!, 'hex');
      return timingSafeEqual(expected, await derive(password, parts[2]!, hashN));
    },
  };
}

/**
 * A power of two from 2^10 up to the default, never above it. A higher N would make a sign-in with
 * a wrong password on an older account answer sooner than on an unknown address (the decoy hash takes
 * the configured N, decision 017), and nothing re-hashes at sign-in; it would also hold more than
 * the 32 MiB a hash holds at the default while it runs.
 */
export function isScryptN(n: number): boolean {
  return Number.isInteger(n) && n >= 1024 && n <= DEFAULT_SCRYPT_N && (n & (n - 1)) === 0;
}
