import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/errors';
import { pngBomb, sampleImage } from '../../../../tests/support/images';
import { inspectAndNormalizeImage, MAX_PROOF_BYTES } from './image';

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await inspectAndNormalizeImage(bytes);
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  return 'accepted';
}

describe('inspectAndNormalizeImage', () => {
  it.each([
    ['png', 'png', 'image/png'],
    ['jpeg', 'jpg', 'image/jpeg'],
    ['webp', 'webp', 'image/webp'],
    ['gif', 'gif', 'image/gif'],
  ] as const)('accepts a %s and re-encodes it as %s', async (format, ext, mime) => {
    const input = await sampleImage(format);
    const out = await inspectAndNormalizeImage(input);
    expect(out.ext).toBe(ext);
    expect(out.mime).toBe(mime);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('strips EXIF (including GPS) and ICC metadata, applying the orientation first', async () => {
    const raw = await sampleImage('png', 40, 20);
    const withExif = await sharp(raw)
      .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(withExif.includes(Buffer.from('secret-owner'))).toBe(true);
    const out = await inspectAndNormalizeImage(withExif);
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    // Orientation 6 (rotate 90°) was applied to the pixels before the tag was dropped.
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it('judges by the bytes, not the name: a JPEG whatever it is called comes back as jpg', async () => {
    const out = await inspectAndNormalizeImage(await sampleImage('jpeg'));
    expect(out.ext).toBe('jpg');
  });

  it('refuses an empty file', async () => {
    expect(await refusal(new Uint8Array(0))).toBe('file_not_image');
  });

  it('refuses anything over 5 MiB before looking at it', async () => {
    const png = await sampleImage('png');
    const big = Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES + 1 - png.length)]);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    expect(await refusal(big)).toBe('file_too_large');
  });

  it('accepts exactly 5 MiB', async () => {
    const png = await sampleImage('png');
    const exact = Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES - png.length)]);
    expect(await refusal(exact)).toBe('accepted');
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      ),
    ],
    [
      'an SVG with an XML prolog',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ],
    ['HTML renamed .png', Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>')],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, ...Buffer.alloc(40)])],
    ['an executable', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, ...Buffer.alloc(56)])],
    ['plain text', Buffer.from('hello, this is not an image at all')],
    ['a PNG signature and nothing else', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('refuses %s', async (_label, bytes) => {
    expect(await refusal(bytes)).toBe('file_not_image');
  });

  it('refuses a BMP and a TIFF (images, but not ones we accept)', async () => {
    const tiff = await sharp(await sampleImage('png'))
      .tiff()
      .toBuffer();
    expect(await refusal(tiff)).toBe('file_not_image');
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    expect(await refusal(bmp)).toBe('file_not_image');
  });

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('refuses a truncated %s', async (format) => {
    const whole = await sampleImage(format, 200, 200);
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toBe('file_not_image');
  });

  it('refuses a decompression bomb (a ~50 kB PNG declaring 20000×20000 pixels) without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    expect(await refusal(bomb)).toBe('file_not_image');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('accepts a legitimately large screenshot', async () => {
    expect(await refusal(pngBomb(1290, 2796))).toBe('accepted');
  });
});
