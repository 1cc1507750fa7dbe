import { createHash, createHmac } from 'node:crypto';
import type { Hashes } from '../../../core/liabilities/tree';

/** node:crypto's SHA-256: the server builds rounds with it, and the command-line verifier needs nothing else. */
export const nodeHashes: Hashes = {
  sha256: (data) => createHash('sha256').update(data).digest(),
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
};
