import { describe, expect, it } from 'vitest';
import { copiesOf, walletScreenshot } from '../../../../tests/support/screenshots';
import {
  DHASH_CANDIDATE_DISTANCE,
  dhash,
  differingShare,
  fingerprintImage,
  hamming,
  MAX_DIFFERING_SHARE,
} from './fingerprint';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Decision 019: what counts as the same proof, measured on realistic copies and on different screenshots. */
describe('proof fingerprints', () => {
  it('the exact hash is of the pixels: a lossless re-encoding keeps it, one changed pixel does not', async () => {
    const original = await walletScreenshot('0.0521 BTC', ADDRESS);
    const sharp = (await import('sharp')).default;
    const webpLossless = await sharp(original).webp({ lossless: true }).toBuffer();
    const raw = await sharp(original).raw().toBuffer({ resolveWithObject: true });
    raw.data[1000] = raw.data[1000]! ^ 1;
    const onePixel = await sharp(raw.data, { raw: raw.info }).png().toBuffer();
    const [a, b, c] = await Promise.all([
      fingerprintImage(original),
      fingerprintImage(webpLossless),
      fingerprintImage(onePixel),
    ]);
    expect(b.pixelSha256).toBe(a.pixelSha256);
    expect(c.pixelSha256).not.toBe(a.pixelSha256);
    expect(a.dhash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('finds re-encoded, resized, slightly cropped and recompressed copies', { timeout: 60_000 }, async () => {
    const original = await walletScreenshot('0.0521 BTC', ADDRESS);
    const h0 = await dhash(original);
    for (const [name, copy] of Object.entries(await copiesOf(original))) {
      expect(hamming(h0, await dhash(copy)), name).toBeLessThanOrEqual(DHASH_CANDIDATE_DISTANCE);
      expect(await differingShare(copy, original), name).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
    }
  });

  it(
    'tells apart different screenshots of the same wallet app, which a 64-bit dHash alone cannot',
    { timeout: 60_000 },
    async () => {
      const original = await walletScreenshot('0.0521 BTC', ADDRESS);
      const others = [
        await walletScreenshot('0.4310 BTC', ADDRESS),
        await walletScreenshot('0.0521 BTC', 'bc1q9h7garjdyw5hs2pvkq8jxmsnp3n6sy8pd5kkln'),
        await walletScreenshot('0.0522 BTC', ADDRESS),
        await walletScreenshot('1.2000 BTC', 'bc1q9h7garjdyw5hs2pvkq8jxmsnp3n6sy8pd5kkln'),
      ];
      for (const other of others) {
        // The layout is the same: dHash puts them among the candidates …
        expect(hamming(await dhash(original), await dhash(other))).toBeLessThanOrEqual(DHASH_CANDIDATE_DISTANCE);
        // … and the second look refuses them, even recompressed.
        expect(await differingShare(other, original)).toBeGreaterThan(MAX_DIFFERING_SHARE);
        const sharp = (await import('sharp')).default;
        expect(await differingShare(await sharp(other).jpeg({ quality: 80 }).toBuffer(), original)).toBeGreaterThan(
          MAX_DIFFERING_SHARE,
        );
      }
    },
  );
});
