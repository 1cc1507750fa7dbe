import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file';

function envFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'atlas-env-')), '.env');
  writeFileSync(file, text);
  return file;
}

describe('loadEnvFile', () => {
  it('fills what the environment lacks and leaves what it has', () => {
    const env: NodeJS.ProcessEnv = { PORT: '4000' };
    const loaded = loadEnvFile(envFile('PORT=3000\nLOG_LEVEL=warn   # comment\nDATA_DIR="./my data"\n'), env);
    expect(env).toEqual({ PORT: '4000', LOG_LEVEL: 'warn', DATA_DIR: './my data' });
    expect(loaded.sort()).toEqual(['DATA_DIR', 'LOG_LEVEL']);
  });

  it('treats an empty value as the default, so a copied .env.example changes nothing', () => {
    const env: NodeJS.ProcessEnv = {};
    loadEnvFile(envFile('PUBLIC_URL=\nDATABASE_URL=   # postgres://…\n'), env);
    expect(env).toEqual({});
  });

  it('does nothing without a file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(path.join(tmpdir(), 'no-such-dir-atlas', '.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
