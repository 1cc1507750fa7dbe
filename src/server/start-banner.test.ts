import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { logStream, startBanner } from './start-banner';

const base = { DATA_DIR: '/srv/atlas', AUTH_SECRET: 'x'.repeat(32), PORT: '3000' };

describe('the start block', () => {
  it('a default local run: the URL, the other addresses that work, the first operator, the data, how to stop', () => {
    const text = startBanner(loadConfig(base), {
      firstAdmin: { email: 'admin@atlas-invest.local', password: 'Secret-one-time-1' },
      lan: ['192.168.1.20'],
    });
    expect(text).toContain('Open:     http://localhost:3000');
    expect(text).toContain('(also http://127.0.0.1:3000, http://192.168.1.20:3000)');
    expect(text).toContain('Operator: admin@atlas-invest.local');
    expect(text).toContain('one-time password: Secret-one-time-1');
    expect(text).toContain('Data:     /srv/atlas (SQLite database atlas.db');
    expect(text).toContain('Stop:     Ctrl+C');
  });

  it("names the Node it runs on: this process's version and binary", () => {
    const text = startBanner(loadConfig(base), {});
    expect(text).toContain(`Node:     ${process.version} (${process.execPath})`);
    expect(startBanner(loadConfig(base), { node: 'v24.22.3 (/opt/node)' })).toContain('Node:     v24.22.3 (/opt/node)');
  });

  it('later starts show no operator; production and an explicit PUBLIC_URL name only PUBLIC_URL; no DB password', () => {
    const prod = startBanner(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://invest.example.com',
        DATABASE_URL: 'postgres://atlas:hunter2-secret@db:5432/atlas',
      }),
      { lan: ['192.168.1.20'] },
    );
    expect(prod).toContain('Open:     https://invest.example.com');
    expect(prod).not.toContain('also');
    expect(prod).not.toContain('Operator:');
    expect(prod).toContain('Data:     PostgreSQL db:5432/atlas');
    expect(prod).not.toContain('hunter2');
  });

  it('finds the stream a pino logger writes to', () => {
    const written: string[] = [];
    const sym = Symbol('pino.stream');
    const root = { [sym]: { write: (t: string) => written.push(t) } };
    logStream(Object.create(root) as object)?.write('x');
    expect(written).toEqual(['x']);
    expect(logStream({})).toBeUndefined();
  });
});
