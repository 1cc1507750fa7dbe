import { createHash, randomUUID } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import type { DataExportView } from '../../../contracts/data-export';
import type { AppContext } from '../../context';
import { recordAuditQuietly, type AuditSource } from '../audit/audit.service';
import type { Caller, SessionService } from '../accounts/session.service';
import { platformSigner } from '../liabilities/signing';
import type { ProofStore } from '../storage/proof-store';
import { buildArchive } from './archive';
import { collect } from './collect';
import * as repo from './data-export.repo';
import { signExportLink, verifyExportLink } from './export-link';
import { exportKey, type ExportStore } from './export-store';

/** The link (and the file) last 24 hours from the moment the export is ready. */
export const EXPORT_LINK_TTL_MS = 24 * 3600 * 1000;
/** A builder that stops (a crash) loses its claim after this long; another instance takes the export over. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * The investor's data export (issue 28, item 1; decision 038). Asking needs the password again (and
 * the second factor when it is on); a leased job builds the ZIP; the owner downloads it, signed in,
 * through a link signed for them that lasts 24 hours. Nothing here asks for an active account: a
 * former investor who can still sign in gets their export the same way.
 */
export function createDataExportService(
  ctx: AppContext,
  deps: {
    sessions: Pick<SessionService, 'confirmIdentity'>;
    proofs: ProofStore;
    files: ExportStore;
    log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  },
) {
  const { db, clock, config } = ctx;
  const signer = platformSigner(config.authSecret);
  /** Set by the job: wakes it so that a new request does not wait for the next tick. */
  let wake: (() => void) | undefined;

  const view = (row: repo.ExportRow): DataExportView => {
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const live = row.status === 'ready' && expiresAt !== null && expiresAt.getTime() > clock.now().getTime();
    return {
      id: row.id,
      status: row.status === 'ready' && !live ? 'expired' : row.status,
      progress: Number(row.progress),
      requestedAt: row.requested_at,
      readyAt: row.ready_at,
      expiresAt: row.expires_at,
      sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
      sha256: row.sha256,
      downloadUrl: live ? signExportLink(config.authSecret, row.id, row.user_id, expiresAt) : null,
    };
  };

  /** Builds one export end to end; a failure marks it failed (the person may ask again). */
  async function build(row: repo.ExportRow): Promise<void> {
    const claim = () => new Date(clock.now().getTime() + CLAIM_MS);
    try {
      const { data, uploads } = await collect(db, row.user_id, clock.now());
      await repo.setProgress(db, row.id, 25, claim());
      const zip = await buildArchive({
        exportId: row.id,
        data,
        uploads,
        readUpload: (source) => deps.proofs.get(source),
        signer,
        publicUrl: config.publicUrl,
        progress: (percent) => repo.setProgress(db, row.id, percent, claim()),
      });
      const key = exportKey(row.user_id, row.id);
      await deps.files.put(key, zip);
      const readyAt = clock.now();
      await repo.markReady(db, row.id, {
        fileKey: key,
        size: zip.length,
        sha256: createHash('sha256').update(zip).digest('hex'),
        readyAt,
        expiresAt: new Date(readyAt.getTime() + EXPORT_LINK_TTL_MS),
      });
    } catch (err) {
      deps.log?.error({ err, exportId: row.id }, 'data export failed');
      await repo.markFailed(db, row.id, err instanceof Error ? err.message : String(err));
    }
  }

  return {
    publicKey: signer.publicKey,

    onQueued(handler: () => void): void {
      wake = handler;
    },

    /** Re-authenticates, then queues an export (or returns the one already being built). */
    async request(
      caller: Caller,
      userId: string,
      input: { password: string; code?: string },
      source: AuditSource,
    ): Promise<DataExportView> {
      await deps.sessions.confirmIdentity(caller, userId, input);
      const unfinished = await repo.unfinishedExport(db, userId);
      if (unfinished) return view(unfinished);
      const now = clock.now();
      const row: repo.ExportRow = {
        id: randomUUID(),
        user_id: userId,
        status: 'queued',
        progress: 0,
        requested_at: now.toISOString(),
        started_at: null,
        ready_at: null,
        expires_at: null,
        claimed_until: null,
        file_key: null,
        size_bytes: null,
        sha256: null,
        error: null,
      };
      if (!(await repo.insertExport(db, row))) {
        // Another request of the same person won the race: join its export.
        const theirs = await repo.unfinishedExport(db, userId);
        if (theirs) return view(theirs);
        throw new DomainError('data_export_not_ready');
      }
      await recordAuditQuietly(
        db,
        { actorId: userId, action: 'data_export.request', target: { type: 'data_export', id: row.id }, source },
        now,
        deps.log,
      );
      wake?.();
      return view(row);
    },

    async latest(userId: string): Promise<DataExportView | null> {
      const row = await repo.latestExport(db, userId);
      return row ? view(row) : null;
    },

    /**
     * The ZIP, for its owner only: anyone else is told there is no such export (404), whatever
     * link they hold. Then the link must be the one signed for this export and person, unexpired.
     */
    async download(userId: string, exportId: string, exp: unknown, sig: unknown, source: AuditSource) {
      const row = await repo.findExport(db, exportId);
      if (!row || row.user_id !== userId) throw new DomainError('data_export_not_found');
      verifyExportLink(config.authSecret, exportId, userId, exp, sig, clock.now());
      if (row.status !== 'ready' || !row.file_key) throw new DomainError('data_export_not_ready');
      const bytes = await deps.files.get(row.file_key);
      if (!bytes) throw new DomainError('data_export_not_found');
      await recordAuditQuietly(
        db,
        { actorId: userId, action: 'data_export.download', target: { type: 'data_export', id: row.id }, source },
        clock.now(),
        deps.log,
      );
      return { bytes, fileName: `atlas-invest-export-${row.requested_at.slice(0, 10)}.zip` };
    },

    /** The job's work: builds every waiting export, then deletes the files of expired ones. */
    async runPending(): Promise<number> {
      let built = 0;
      for (;;) {
        const row = await repo.claimNext(db, clock.now(), new Date(clock.now().getTime() + CLAIM_MS));
        if (!row) break;
        await build(row);
        built += 1;
      }
      for (const old of await repo.expiredExports(db, clock.now())) {
        if (old.file_key) await deps.files.delete(old.file_key);
        await repo.markExpired(db, old.id);
      }
      return built;
    },

    close: () => deps.files.close(),
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
