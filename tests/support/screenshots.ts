import sharp from 'sharp';

/**
 * A phone screenshot of a wallet app's "sent" screen (1170 × 2532, as an iPhone takes them): the
 * same layout whatever the amount and address, as real proofs of one wallet app are.
 */
export async function walletScreenshot(
  amount: string,
  address: string,
  opts: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const w = opts.width ?? 1170;
  const h = opts.height ?? 2532;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" fill="#f4f5f7"/>
  <rect x="0" y="0" width="${w}" height="180" fill="#1a56db"/>
  <text x="60" y="120" font-size="64" fill="#fff" font-family="sans-serif">Wallet</text>
  <text x="60" y="420" font-size="120" font-family="sans-serif" fill="#111">${amount}</text>
  <text x="60" y="560" font-size="44" font-family="sans-serif" fill="#555">Sent to</text>
  <text x="60" y="640" font-size="40" font-family="monospace" fill="#222">${address}</text>
  <rect x="60" y="800" width="${w - 120}" height="400" rx="30" fill="#fff"/>
  <text x="100" y="900" font-size="44" font-family="sans-serif" fill="#333">Network fee 0.00012 BTC</text>
  <text x="100" y="1000" font-size="44" font-family="sans-serif" fill="#333">Status: Confirmed</text>
  <text x="100" y="1100" font-size="36" font-family="sans-serif" fill="#777">2026-11-23 14:02</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The copies a fraudster makes of someone else's proof. */
export async function copiesOf(original: Buffer): Promise<Record<string, Buffer>> {
  const meta = await sharp(original).metadata();
  const w = meta.width!;
  const h = meta.height!;
  return {
    'a JPEG re-encoding (quality 80)': await sharp(original).jpeg({ quality: 80 }).toBuffer(),
    'a heavy recompression (JPEG quality 30)': await sharp(original).jpeg({ quality: 30 }).toBuffer(),
    'a WebP re-encoding': await sharp(original).webp({ quality: 60 }).toBuffer(),
    'a copy resized to half': await sharp(original)
      .resize(Math.round(w / 2))
      .png()
      .toBuffer(),
    'a slightly cropped copy (20 px left, 40 px top, 20 px right, 40 px bottom)': await sharp(original)
      .extract({ left: 20, top: 40, width: w - 40, height: h - 80 })
      .png()
      .toBuffer(),
    'a cropped, resized and recompressed copy': await sharp(original)
      .extract({ left: 0, top: 30, width: w, height: h - 30 })
      .resize(Math.round(w * 0.8))
      .jpeg({ quality: 70 })
      .toBuffer(),
  };
}
