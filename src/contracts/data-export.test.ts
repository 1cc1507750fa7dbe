import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataExportJsonSchema } from './data-export';

describe('the published JSON Schema of the data export', () => {
  it('is the one in the repository (docs/schemas/data-export.v1.json): regenerate it on purpose, as a new version', () => {
    const committed = JSON.parse(readFileSync('docs/schemas/data-export.v1.json', 'utf8'));
    expect(dataExportJsonSchema()).toEqual(committed);
  });

  it('version 2 is the one in the repository (docs/schemas/data-export.v2.json), and version 1 is unchanged beside it', () => {
    const committed = JSON.parse(readFileSync('docs/schemas/data-export.v2.json', 'utf8'));
    expect(dataExportJsonSchema(2)).toEqual(committed);
    const v2 = dataExportJsonSchema(2) as { $id: string; required: string[] };
    expect(v2.$id).toMatch(/\/api\/schemas\/data-export\/v2\.json$/);
    expect(v2.required).toEqual(expect.arrayContaining(['depositAddresses', 'chainPayments', 'deposits']));
  });

  it('is draft 2020-12, has its own id and requires every section', () => {
    const schema = dataExportJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/\/api\/schemas\/data-export\/v1\.json$/);
    expect((schema.required as string[]).sort()).toContain('ledger');
  });
});
