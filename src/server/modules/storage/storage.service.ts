import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import { mimeByExt } from './image';
import { extOfProofPath, type ProofStore } from './proof-store';
import { verifyProofLink } from './signed-link';

/** Serves a proof's bytes to whoever holds a valid, unexpired signed link. */
export async function readProofByLink(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  proofs: ProofStore,
  path: string,
  exp: unknown,
  sig: unknown,
): Promise<{ bytes: Buffer; mime: string }> {
  verifyProofLink(ctx.config.authSecret, path, exp, sig, ctx.clock.now());
  const bytes = await proofs.get(path);
  if (!bytes) throw new DomainError('not_found');
  return { bytes, mime: mimeByExt[extOfProofPath(path)] };
}
