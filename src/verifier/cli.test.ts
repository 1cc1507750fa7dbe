import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { bundleVerifier, offlinePage, OFFLINE_FILE, VERIFIER_FILE } from '../../scripts/liabilities-verifier.mjs';
import { OFFLINE_VERIFIER_SHA256 } from '../web/features/liabilities/offline-verifier-hash';
import { buildLiabilityTree, levelReader, proofFor } from '../core/liabilities/build';
import { nobleHashes as h } from '../core/liabilities/noble';
import { toHex } from '../core/liabilities/tree';

const VECTORS = 'src/web/public/proof-of-liabilities/vectors.json';
const dir = mkdtempSync(path.join(tmpdir(), 'atlas-verifier-'));
const bundle = path.join(dir, 'verify.mjs');
const cli = (...args: string[]) => spawnSync(process.execPath, [bundle, ...args], { encoding: 'utf8' });

describe('the command-line verifier', () => {
  beforeAll(async () => {
    await (bundleVerifier as (out: string) => Promise<void>)(bundle);
  });

  it('is the published file, and imports nothing but Node itself', () => {
    const text = readFileSync(bundle, 'utf8');
    expect(readFileSync(VERIFIER_FILE as string, 'utf8'), 'run node scripts/liabilities-verifier.mjs').toBe(text);
    const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.every((i) => i!.startsWith('node:'))).toBe(true);
    expect(text).not.toMatch(/require\(|@noble/);
  });

  it('passes every published vector', () => {
    const run = cli('--vectors', VECTORS);
    expect(run.status, run.stdout).toBe(0);
    const { vectors } = JSON.parse(readFileSync(VECTORS, 'utf8')) as { vectors: Array<{ kind: string }> };
    const n = vectors.filter((v) => v.kind === 'verify').length;
    expect(run.stdout).toContain(`${n}/${n} vectors pass`);
  });

  describe('on a signed round', () => {
    const nonce = h.sha256(Uint8Array.of(7));
    const tree = buildLiabilityTree(
      h,
      [
        { key: 'me', accountNonce: nonce, balance: 123_456 },
        { key: 'other', accountNonce: h.sha256(Uint8Array.of(8)), balance: 99 },
      ],
      { round: 3, asset: 'USD', seed: h.sha256(Uint8Array.of(9)), minHeight: 4 },
    );
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const statement = JSON.stringify({ format: 'atlas-liabilities-round/1', ...tree.published });
    const rounds = {
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url'),
      rounds: [
        {
          ...tree.published,
          statement,
          signature: sign(null, Buffer.from(statement), privateKey).toString('base64url'),
        },
      ],
    };
    const proof = proofFor(tree.published, tree.positions.get('me')!, levelReader(tree.levels));
    const files = (r: unknown, p: unknown) => {
      writeFileSync(path.join(dir, 'rounds.json'), JSON.stringify(r));
      writeFileSync(path.join(dir, 'proof.json'), JSON.stringify(p));
      return ['--rounds', path.join(dir, 'rounds.json'), '--proof', path.join(dir, 'proof.json')];
    };

    it('prints each check in plain words and says verified', () => {
      const run = cli(...files(rounds, proof), '--nonce', toHex(nonce), '--expected', '1234.56');
      expect(run.status, run.stdout).toBe(0);
      expect(run.stdout).toContain('Amount counted for you: $1234.56');
      expect(run.stdout).toContain('VERIFIED');
    });

    it('fails a tampered file with its reason', () => {
      const tampered = JSON.parse(JSON.stringify(proof)) as typeof proof;
      tampered.leaves[0]!.path[1]!.value += 1;
      const run = cli(...files(rounds, tampered), '--nonce', toHex(nonce));
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('the paths do not lead to the published root');
    });

    it('refuses a round whose signature does not hold', () => {
      const forged = { ...rounds, rounds: [{ ...rounds.rounds[0]!, total: tree.published.total + 1 }] };
      const run = cli(...files(forged, proof), '--nonce', toHex(nonce));
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('is not signed by the platform key');
    });
  });
});

describe('the offline HTML verifier', () => {
  it('is the published file, whose SHA-256 the public page shows, and its policy allows no network', async () => {
    const { html, sha256 } = await (offlinePage as () => Promise<{ html: string; sha256: string }>)();
    expect(readFileSync(OFFLINE_FILE as string, 'utf8'), 'run node scripts/liabilities-verifier.mjs').toBe(html);
    expect(OFFLINE_VERIFIER_SHA256).toBe(sha256);
    expect(html).toContain("content=\"default-src 'none'; script-src 'sha256-");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });
});
