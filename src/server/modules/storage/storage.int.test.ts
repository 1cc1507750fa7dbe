import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { sampleImage } from '../../../../tests/support/images';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3';
import { tamper } from '../../../../tests/support/tamper';
import { inspectAndNormalizeImage } from './image';
import { signProofLink } from './signed-link';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('proof-route');
});
afterAll(async () => s3.close());

describe.each(['local', 's3'] as const)(`GET /api/proof-files/* with %s storage (${testDialect})`, (kind) => {
  let t: TestApp;
  let proof: string;
  let otherProof: string;
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind === 's3' ? s3.env : {});
    const normalized = await inspectAndNormalizeImage(await sampleImage('png'));
    image = normalized.bytes;
    const store = t.app.services.proofs;
    proof = await store.put('user-1', image, normalized.ext, t.clock.now());
    otherProof = await store.put(
      'user-2',
      (await inspectAndNormalizeImage(await sampleImage('jpeg'))).bytes,
      'jpg',
      t.clock.now(),
    );
  });
  afterAll(async () => t.close());

  const sign = (p: string, ttlS?: number) => signProofLink(t.ctx.config.authSecret, p, t.clock.now(), ttlS);

  it('serves the bytes for a valid link, privately and without sniffing', async () => {
    const link = sign(proof);
    expect(link).toMatch(new RegExp(`^/api/proof-files/${proof.replace('.', '\\.')}\\?exp=\\d+&sig=[\\w-]+$`));
    const res = await t.app.inject(link);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(image);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives each format its own content type', async () => {
    const res = await t.app.inject(sign(otherProof));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses an expired link with link_expired', async () => {
    const link = sign(proof);
    t.clock.advance(3_600_000);
    const res = await t.app.inject(link);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'link_expired', params: {} } });
    // A link still works one second before its expiry.
    const fresh = sign(proof);
    t.clock.advance(3_599_000);
    expect((await t.app.inject(fresh)).statusCode).toBe(200);
  });

  it('refuses tampered links with link_invalid', async () => {
    const link = sign(proof);
    const url = new URL(link, 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    const flipped = tamper(sig);
    const attempts = [
      `/api/proof-files/${proof}?exp=${exp}&sig=${flipped}`, // signature altered
      `/api/proof-files/${proof}?exp=${Number(exp) + 86_400}&sig=${sig}`, // expiry pushed back
      `/api/proof-files/${otherProof}?exp=${exp}&sig=${sig}`, // another user's proof with this signature
      `/api/proof-files/${proof}?exp=${exp}`, // no signature
      `/api/proof-files/${proof}?sig=${sig}`, // no expiry
      `/api/proof-files/${proof}`,
      `/api/proof-files/${proof}?exp=${exp}&sig=${sig.slice(0, -1)}`, // truncated
      `/api/proof-files/${proof}?exp=${exp}&sig=${sig}&sig=${sig}`, // repeated
      `/api/proof-files/${proof}?exp=1e12&sig=${sig}`,
      `/api/proof-files/${proof}?exp=${exp}&sig=${signProofLink('another-secret-another-secret-000000', proof, t.clock.now()).split('sig=')[1]}`,
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json(), attempt).toEqual({ error: { code: 'link_invalid', params: {} } });
    }
  });

  it('refuses path tricks before touching storage', async () => {
    for (const p of ['..%2F..%2Fetc%2Fpasswd', '../../etc/passwd', 'user-1/..%2F..%2Fx.png', 'user-1/1.svg']) {
      const res = await t.app.inject(`/api/proof-files/${p}?exp=9999999999&sig=x`);
      expect([403, 404], p).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('answers 404 for a validly signed link to a proof that is gone', async () => {
    const res = await t.app.inject(sign('user-1/1.png'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
