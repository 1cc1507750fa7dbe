import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Fingerprints of a proof image for finding re-used proofs (decision 019):
 * - `pixelSha256`: the exact hash of the decoded pixels (with the size), equal for the same image
 *   whatever its file format or metadata;
 * - `dhash`: a 64-bit difference hash (grayscale, 9×8, each pixel brighter than its right neighbour
 *   or not), close in Hamming distance for re-encoded, resized or slightly cropped copies.
 */
export interface ProofFingerprint {
  pixelSha256: string;
  dhash: string;
}

export async function fingerprintImage(bytes: Buffer): Promise<ProofFingerprint> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixelSha256 = createHash('sha256').update(`${info.width}x${info.height}:`).update(data).digest('hex');
  return { pixelSha256, dhash: await dhash(bytes) };
}

export async function dhash(bytes: Buffer): Promise<string> {
  const data = await sharp(bytes).grayscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (data[y * 9 + x]! < data[y * 9 + x + 1]! ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** dHash distances up to this are candidates; the second look below decides. */
export const DHASH_CANDIDATE_DISTANCE = 10;
/** Share of pixels (after alignment) that may differ strongly for two proofs still to count as the same picture. */
export const MAX_DIFFERING_SHARE = 0.0004;

const WIDTH = 240;

interface Plane {
  px: Buffer;
  w: number;
  h: number;
}

/** Decoded once, 240 px wide, grey, slightly blurred: every comparison below starts from this. */
async function plane(bytes: Buffer): Promise<Plane & { srcWidth: number }> {
  const { data, info } = await sharp(bytes)
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(WIDTH)
    .blur(1)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(bytes).metadata();
  return { px: data, w: info.width, h: info.height, srcWidth: meta.width ?? WIDTH };
}

async function resized(p: Plane, w: number, h: number): Promise<Plane> {
  if (p.w === w && p.h === h) return p;
  const px = await sharp(p.px, { raw: { width: p.w, height: p.h, channels: 1 } })
    .resize(w, h, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { px, w, h };
}

/** The smallest share of strongly differing pixels over the shifts tried (the overlap must cover 80 %). */
function bestShare(a: Plane, b: Plane, rx: number, ry: number): number {
  let best = 1;
  for (let dy = -ry; dy <= ry; dy++) {
    for (let dx = -rx; dx <= rx; dx++) {
      const y0 = Math.max(0, dy);
      const y1 = Math.min(a.h, b.h + dy);
      const x0 = Math.max(0, dx);
      const x1 = Math.min(a.w, b.w + dx);
      const n = (y1 - y0) * (x1 - x0);
      if (n <= 0 || n < 0.8 * Math.min(a.w * a.h, b.w * b.h)) continue;
      const limit = best * n;
      let bad = 0;
      for (let y = y0; y < y1 && bad < limit; y++) {
        const ra = y * a.w;
        const rb = (y - dy) * b.w - dx;
        for (let x = x0; x < x1; x++) if (Math.abs(a.px[ra + x]! - b.px[rb + x]!) > 48) bad++;
      }
      best = Math.min(best, bad / n);
    }
  }
  return best;
}

/**
 * The second look at two dHash candidates: different screenshots of the same wallet app share a
 * layout and so a dHash; they differ by a few strongly different pixels (the amount, the address).
 * Both images are compared 240 px wide: at the same width (a resize, perhaps cut at the top or
 * bottom), at the same pixel scale (a crop on the sides) and stretched to the same size, each with
 * small shifts; the best comparison counts.
 */
export async function differingShare(x: Buffer, y: Buffer): Promise<number> {
  const [a, b] = await Promise.all([plane(x), plane(y)]);
  const sameWidth = bestShare(a, b, 2, 12);
  if (sameWidth <= MAX_DIFFERING_SHARE) return sameWidth;
  // Same pixel scale: the narrower image shrinks by the ratio of the original widths.
  const [small, large] = a.srcWidth <= b.srcWidth ? [a, b] : [b, a];
  const k = small.srcWidth / large.srcWidth;
  const scaled = await resized(small, Math.max(1, Math.round(WIDTH * k)), Math.max(1, Math.round(small.h * k)));
  const sameScale = bestShare(scaled, large, 6, 12);
  if (sameScale <= MAX_DIFFERING_SHARE) return sameScale;
  const stretched = bestShare(a, await resized(b, a.w, a.h), 2, 2);
  return Math.min(sameWidth, sameScale, stretched);
}
