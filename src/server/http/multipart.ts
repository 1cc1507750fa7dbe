import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';

export interface FormSpec<F extends string, T extends string> {
  files: readonly F[];
  fields: readonly T[];
  maxFieldChars: number;
  maxFileBytes: number;
}

/**
 * Reads a multipart form within tight limits: only the named files and fields are kept, a field
 * sent twice, cut by its limit or holding U+0000 refuses the whole form (never last-one-wins nor a
 * cut value).
 */
export async function readForm<F extends string, T extends string>(
  request: FastifyRequest,
  spec: FormSpec<F, T>,
): Promise<{ files: Partial<Record<F, Buffer>>; fields: Partial<Record<T, string>> }> {
  if (!request.isMultipart()) throw new DomainError('unsupported_media_type');
  const form = { files: {} as Partial<Record<F, Buffer>>, fields: {} as Partial<Record<T, string>> };
  const isFile = (name: string): name is F => (spec.files as readonly string[]).includes(name);
  const isField = (name: string): name is T => (spec.fields as readonly string[]).includes(name);
  try {
    const seen = new Set<string>();
    for await (const part of request.parts({
      limits: {
        fileSize: spec.maxFileBytes,
        files: spec.files.length,
        fields: spec.fields.length + 2,
        fieldSize: spec.maxFieldChars,
        parts: spec.files.length + spec.fields.length + 3,
      },
    })) {
      if (seen.has(part.fieldname)) throw new DomainError('duplicate_field', { field: part.fieldname });
      seen.add(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (isFile(part.fieldname)) form.files[part.fieldname] = bytes;
      } else if (part.valueTruncated) {
        throw new DomainError('field_too_long', { field: part.fieldname, max: spec.maxFieldChars });
      } else if (isField(part.fieldname)) {
        const value = String(part.value);
        // As `text()` does for JSON: PostgreSQL can neither store nor compare U+0000.
        if (value.includes('\u0000'))
          throw new DomainError('validation_failed', { fields: [{ path: `body.${part.fieldname}`, code: 'custom' }] });
        form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    // Limits come with a Fastify code (mapped to 413); the parser's own complaints about a broken
    // form (no boundary, truncated body, bad part headers) are plain errors: the client's fault.
    if (err instanceof DomainError || (err as { code?: unknown }).code) throw err;
    throw new DomainError('validation_failed', { fields: [{ path: 'body', code: 'invalid_multipart' }] });
  }
  return form;
}
