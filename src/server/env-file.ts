import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (as documented by `.env.example`) into the environment when the file exists.
 * The process environment wins over the file, and an empty value in the file means "the
 * default", so a copied `.env.example` starts the same as no file at all.
 */
export function loadEnvFile(file = '.env', env: NodeJS.ProcessEnv = process.env): string[] {
  if (!existsSync(file)) return [];
  const loaded: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (value === '' || env[key] !== undefined) continue;
    env[key] = value;
    loaded.push(key);
  }
  return loaded;
}
