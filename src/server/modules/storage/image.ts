import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DomainError } from '../../../core/errors';

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
/** ~50 megapixels: any real screenshot or photo, refused before decoding when a header declares more. */
export const MAX_PROOF_PIXELS = 50_000_000;

export type ProofExt = 'png' | 'jpg' | 'webp' | 'gif';

const accepted: Record<string, { ext: ProofExt; mime: string }> = {
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
};

export const mimeByExt: Record<ProofExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface NormalizedImage {
  bytes: Buffer;
  ext: ProofExt;
  mime: string;
}

/**
 * Trusts only the bytes: the magic number must be PNG, JPEG, WebP or GIF (never the name or the
 * declared type), the whole image must decode within the pixel limit, and what we keep is our own
 * re-encoding (EXIF/GPS and every other metadata chunk dropped; orientation applied first).
 */
export async function inspectAndNormalizeImage(input: Uint8Array): Promise<NormalizedImage> {
  if (input.byteLength > MAX_PROOF_BYTES) throw new DomainError('file_too_large', { maxBytes: MAX_PROOF_BYTES });
  if (input.byteLength === 0) throw new DomainError('file_not_image');
  const detected = await fileTypeFromBuffer(input);
  const kind = detected ? accepted[detected.mime] : undefined;
  if (!kind) throw new DomainError('file_not_image');

  let bytes: Buffer;
  try {
    const image = sharp(input, {
      limitInputPixels: MAX_PROOF_PIXELS,
      failOn: 'truncated',
      sequentialRead: true,
    }).rotate();
    const encoded =
      kind.ext === 'png'
        ? image.png({ compressionLevel: 9 })
        : kind.ext === 'jpg'
          ? image.jpeg({ quality: 90, mozjpeg: true })
          : kind.ext === 'webp'
            ? image.webp({ quality: 90 })
            : image.gif();
    bytes = await encoded.toBuffer();
  } catch {
    throw new DomainError('file_not_image');
  }
  if (bytes.byteLength > MAX_PROOF_BYTES) throw new DomainError('file_too_large', { maxBytes: MAX_PROOF_BYTES });
  return { bytes, ext: kind.ext, mime: kind.mime };
}
