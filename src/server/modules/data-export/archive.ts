import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { csvDocument } from '../../../core/data-export/csv';
import type { DataExportV2 } from '../../../contracts/data-export';
import type { PlatformSigner } from '../liabilities/signing';
import type { CollectedData, UploadedFile } from './collect';
import { csvTables } from './csv-tables';
import { statementPdf } from './statement.pdf';

/** The schema of the data.json exports are built in (version 2; version 1 stays published for older exports). */
export const SCHEMA_PATH = '/api/schemas/data-export/v2.json';
/** Prefixed to manifest.json's bytes before signing: a signature for nothing else the same key signs. */
export const MANIFEST_SIGNING_LABEL = 'atlas-invest/data-export-manifest/1\n';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface Manifest {
  format: 'atlas-invest-data-export-manifest';
  version: 1;
  exportId: string;
  uid: string;
  generatedAt: string;
  schema: string;
  files: Array<{ file: string; bytes: number; sha256: string }>;
}

/**
 * Builds the ZIP (decision 038): data.json, the CSVs in both forms, the PDF statement, every
 * uploaded file as stored, manifest.json (each file's SHA-256) and manifest.sig (Ed25519 over
 * MANIFEST_SIGNING_LABEL + manifest.json). `progress` is told how far it got (0–100).
 */
export async function buildArchive(input: {
  exportId: string;
  data: CollectedData;
  uploads: UploadedFile[];
  readUpload: (source: string) => Promise<Buffer | null>;
  signer: PlatformSigner;
  publicUrl: string;
  progress: (percent: number) => Promise<void>;
}): Promise<Uint8Array> {
  const { data, signer } = input;
  const entries: Array<[string, Uint8Array, boolean]> = [];

  const files: DataExportV2['files'] = [];
  for (const upload of input.uploads) {
    const bytes = await input.readUpload(upload.source);
    // A file removed by the proof sweeper or by retention is simply not there; data.json says so (no entry).
    if (!bytes) continue;
    entries.push([upload.file, bytes, false]);
    files.push({ file: upload.file, source: upload.source, bytes: bytes.length, sha256: sha256(bytes) });
  }
  await input.progress(40);

  const full: DataExportV2 = { ...data, files };
  entries.push(['data.json', strToU8(JSON.stringify(full, null, 2)), true]);
  for (const [name, table] of Object.entries(csvTables(data))) {
    entries.push([`csv/${name}.csv`, strToU8(csvDocument(table, 'rfc4180')), true]);
    entries.push([`csv-fr/${name}.csv`, strToU8(csvDocument(table, 'fr')), true]);
  }
  await input.progress(55);

  entries.push(['statement.pdf', await statementPdf(data), false]);
  await input.progress(80);

  const manifest: Manifest = {
    format: 'atlas-invest-data-export-manifest',
    version: 1,
    exportId: input.exportId,
    uid: data.profile.uid,
    generatedAt: data.generatedAt,
    schema: `${input.publicUrl}${SCHEMA_PATH}`,
    files: entries.map(([file, bytes]) => ({ file, bytes: bytes.length, sha256: sha256(bytes) })),
  };
  const manifestBytes = strToU8(JSON.stringify(manifest, null, 2));
  const signature = {
    algorithm: 'Ed25519',
    publicKey: signer.publicKey,
    signed: 'the text "atlas-invest/data-export-manifest/1" and a line feed, followed by the bytes of manifest.json',
    signature: signer.sign(MANIFEST_SIGNING_LABEL + Buffer.from(manifestBytes).toString('utf8')),
  };

  const zippable: Zippable = {};
  // Fixed times: the same content gives the same bytes (no time of building inside the archive).
  const mtime = new Date(data.generatedAt);
  for (const [file, bytes, compress] of entries) zippable[file] = [bytes, { level: compress ? 6 : 0, mtime }];
  zippable['manifest.json'] = [manifestBytes, { level: 6, mtime }];
  zippable['manifest.sig'] = [strToU8(JSON.stringify(signature, null, 2)), { level: 6, mtime }];
  return zipSync(zippable);
}
