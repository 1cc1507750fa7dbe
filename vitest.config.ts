import { defineConfig } from 'vitest/config';

// One suite, two dialects: the integration project runs once on SQLite and, when
// TEST_DATABASE_URL is set, once more on PostgreSQL with exactly the same files.
const integration = (dialect: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `int-${dialect}`,
    include: ['src/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    globalSetup: ['tests/support/global-setup.ts'],
    // Every file builds its own app and database; the modules under test are loaded once per worker
    // instead of once per file (about 2 s each, most of the suite's time on 2 cores).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          // Property tests and the verifier's child processes take 1-3 s on a quiet machine; in CI the
          // container route builds its images beside them, and 5 s (vitest's default) was seen to run out.
          testTimeout: 20_000,
        },
      },
      integration('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
