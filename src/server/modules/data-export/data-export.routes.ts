import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../accounts/caller';
import { z } from 'zod';
import { dataExportJsonSchema, dataExportResponse, reauthBody } from '../../../contracts/data-export';
import { requireUser } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import { SCHEMA_PATH } from './archive';
import type { DataExportService } from './data-export.service';

/**
 * The data export's routes (decision 038). They ask for a session and nothing more: a former
 * investor who can still sign in exports the same way (no "active account" check here).
 */
export async function registerDataExportRoutes(app: FastifyInstance, exports: DataExportService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['data-export'];
  const schemaJson = JSON.stringify(dataExportJsonSchema(), null, 2);

  r.get(
    SCHEMA_PATH,
    { schema: { tags, summary: 'The JSON Schema of data.json in the data export, version 1' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/schema+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(schemaJson),
  );

  r.get(
    '/api/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's newest data export and its progress",
        response: { 200: dataExportResponse },
      },
    },
    async (request) => ({ export: await exports.latest(request.user!.id) }),
  );

  r.post(
    '/api/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Asks for a data export, after the password (and the second factor when it is on)',
        body: reauthBody,
        response: { 202: dataExportResponse },
      },
    },
    async (request, reply) => {
      const view = await exports.request(callerOf(request), request.user!.id, request.body, sourceOf(request));
      return reply.status(202).send({ export: view });
    },
  );

  r.get(
    '/api/data-export/:id/download',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The export ZIP, for its owner, through the link signed for them (24 hours)',
        // Our ids only (a NUL or any odd byte never reaches the database: PostgreSQL text refuses NUL).
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await exports.download(
        request.user!.id,
        request.params.id,
        request.query.exp,
        request.query.sig,
        sourceOf(request),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(bytes);
    },
  );
}
