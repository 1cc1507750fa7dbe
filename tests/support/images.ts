import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real image with noise (so it does not compress to nothing), in the given format. */
export async function sampleImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small, valid PNG that declares width × height 1-bit grey pixels of zeros: with 20000 × 20000
 * it is ~50 kB on disk and 400 megapixels once decoded — a decompression bomb.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A noise image of its own for each seed: two seeds never look alike (different dHash, different pixels). */
export async function seededImage(
  seed: number,
  format: 'png' | 'jpeg' = 'png',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = Math.imul(seed, 2654435761) >>> 0 || 1;
  for (let i = 0; i < raw.length; i += 1) {
    // xorshift32: a cheap, deterministic pseudo-random sequence per seed.
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    raw[i] = x & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
