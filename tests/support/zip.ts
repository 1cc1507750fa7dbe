import { strFromU8, unzipSync } from 'fflate';

/** Every entry of a ZIP, by path. */
export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

export const text = (bytes: Uint8Array | undefined): string => {
  if (!bytes) throw new Error('no such entry');
  return strFromU8(bytes);
};
