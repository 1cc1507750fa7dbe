import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
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
    const n = vectors.filter((v) => v.kind === 'verify' || v.kind === 'round').length;
    expect(vectors.filter((v) => v.kind === 'round').length).toBeGreaterThanOrEqual(10);
    expect(run.stdout).toContain(`${n}/${n} vectors pass`);
    expect(run.stdout).toContain('pass  reject round: re-signed by a stranger, same root and total, pinned by key');
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
    const statement = JSON.stringify({ format: 'atlas-liabilities-round/1', ...tree.published });
    const signedBy = (pair: { publicKey: KeyObject; privateKey: KeyObject }) => {
      const raw = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
      return {
        key: raw.toString('base64url'),
        fingerprint: createHash('sha256').update(raw).digest('hex'),
        file: {
          publicKey: raw.toString('base64url'),
          rounds: [
            {
              ...tree.published,
              statement,
              signature: sign(null, Buffer.from(statement), pair.privateKey).toString('base64url'),
            },
          ],
        },
      };
    };
    const platform = signedBy(generateKeyPairSync('ed25519'));
    const stranger = signedBy(generateKeyPairSync('ed25519'));
    const rounds = platform.file;
    const key = ['--key', platform.key];
    const proof = proofFor(tree.published, tree.positions.get('me')!, levelReader(tree.levels));
    const files = (r: unknown, p: unknown) => {
      writeFileSync(path.join(dir, 'rounds.json'), JSON.stringify(r));
      writeFileSync(path.join(dir, 'proof.json'), JSON.stringify(p));
      return ['--rounds', path.join(dir, 'rounds.json'), '--proof', path.join(dir, 'proof.json')];
    };

    it('prints each check in plain words and says verified', () => {
      const run = cli(...files(rounds, proof), '--nonce', toHex(nonce), ...key, '--expected', '1234.56');
      expect(run.status, run.stdout).toBe(0);
      expect(run.stdout).toContain(`Round 3 is signed by the pinned platform key ${platform.key}`);
      expect(run.stdout).toContain('Amount counted for you: $1234.56');
      expect(run.stdout).toContain('VERIFIED');
    });

    it('prints the BTC price a format 2 round counted crypto at, from its signed statement; a changed price is refused', () => {
      const pair = generateKeyPairSync('ed25519');
      const raw = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url');
      const price = { btcPrice: 7_150_000, btcPriceAt: '2026-11-29T00:10:00.000Z' };
      const priced = JSON.stringify({
        format: 'atlas-liabilities-round/2',
        ...tree.published,
        ledgerTotal: tree.published.total,
        ...price,
      });
      const signature = sign(null, Buffer.from(priced), pair.privateKey).toString('base64url');
      const file = { publicKey: raw, rounds: [{ ...tree.published, ...price, statement: priced, signature }] };
      const run = cli(...files(file, proof), '--nonce', toHex(nonce), '--key', raw);
      expect(run.status, run.stdout).toBe(0);
      expect(run.stdout).toContain('at the signed BTC price: $71,500.00, price of 2026-11-29 00:10:00 UTC');
      file.rounds[0]!.btcPrice = 6_500_000;
      const changed = cli(...files(file, proof), '--nonce', toHex(nonce), '--key', raw);
      expect(changed.status, changed.stdout).toBe(1);
      expect(changed.stdout).toContain('are not the ones its signed statement says');
    }, 30_000);

    it("reads the expected amount with core's money parser: one cent off is a failure, unreadable is refused", () => {
      for (const typed of ['1 234,56', '1\u00a0234,56', '1,234.56', '$1234.56']) {
        const run = cli(...files(rounds, proof), '--nonce', toHex(nonce), ...key, '--expected', typed);
        expect(run.status, `${typed}: ${run.stdout}${run.stderr}`).toBe(0);
      }
      const off = cli(...files(rounds, proof), '--nonce', toHex(nonce), ...key, '--expected', '1 234,57');
      expect(off.status).toBe(1);
      expect(off.stdout).toContain('the amount counted ($1234.56) is not the one expected ($1234.57)');
      const unreadable = cli(...files(rounds, proof), '--nonce', toHex(nonce), ...key, '--expected', '12 34,56');
      expect(unreadable.status).toBe(2);
      expect(unreadable.stderr).toContain('REFUSED: --expected "12 34,56" cannot be read');
    });

    it("accepts the API's own answer saved as is, and says a file that is not JSON in one line", () => {
      const run = cli(...files(rounds, { kind: 'proof', proof }), '--nonce', toHex(nonce), ...key);
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('VERIFIED');
      const args = files(rounds, proof);
      writeFileSync(args[3]!, '<html>not json</html>');
      const bad = cli(...args, '--nonce', toHex(nonce), ...key);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toBe(`REFUSED: ${args[3]} is not a JSON file.\n`);
      const missing = cli(
        '--rounds',
        path.join(dir, 'absent.json'),
        '--proof',
        args[3]!,
        '--nonce',
        toHex(nonce),
        ...key,
      );
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim().split('\n')).toHaveLength(1);
      expect(missing.stderr).toContain('absent.json cannot be read (ENOENT)');
    });

    it('fails a tampered file with its reason', () => {
      const tampered = JSON.parse(JSON.stringify(proof)) as typeof proof;
      tampered.leaves[0]!.path[1]!.value += 1;
      const run = cli(...files(rounds, tampered), '--nonce', toHex(nonce), ...key);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('the paths do not lead to the published root');
    });

    it('refuses a round whose signature does not hold', () => {
      const forged = { ...rounds, rounds: [{ ...rounds.rounds[0]!, total: tree.published.total + 1 }] };
      const run = cli(...files(forged, proof), '--nonce', toHex(nonce), ...key);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('are not the ones its signed statement says');
    });

    it('refuses a round re-signed by a stranger with the same root and total, pinned by key or by fingerprint', () => {
      for (const pin of [key, ['--fingerprint', platform.fingerprint]]) {
        const run = cli(...files(stranger.file, proof), '--nonce', toHex(nonce), ...pin);
        expect(run.status, run.stdout).toBe(1);
        expect(run.stdout).toContain(
          `round 3 is signed by the key ${stranger.key} (fingerprint ${stranger.fingerprint}), not by the pinned platform key`,
        );
        expect(run.stdout).toContain('NOT VERIFIED');
        expect(run.stdout).not.toContain('VERIFIED:');
      }
      // The platform's fingerprint, as the page shows it (groups of four), pins the genuine round.
      const grouped = platform.fingerprint.replace(/(.{4})(?!$)/g, '$1 ');
      const ok = cli(...files(rounds, proof), '--nonce', toHex(nonce), '--fingerprint', grouped);
      expect(ok.status, ok.stdout).toBe(0);
    });

    it('refuses to check anything without a pinned key, and says where to find it', () => {
      const run = cli(...files(rounds, proof), '--nonce', toHex(nonce));
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('REFUSED: no platform key. Give --key <base64> or --fingerprint <hex>');
      expect(run.stderr).toContain('/preuve-de-passif');
      const bad = cli(...files(rounds, proof), '--nonce', toHex(nonce), '--key', 'not-a-key');
      expect(bad.status).toBe(2);
      expect(bad.stdout).toContain('the pinned key is neither a 32-byte key in base64 nor a fingerprint');
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
