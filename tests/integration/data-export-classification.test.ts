import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialectOnlyColumns,
  impersonalTables,
  PERSON_COLUMN,
  personalTables,
} from '../../src/server/modules/data-export/classification';
import { createTestDb, testDialect, type TestDb } from '../support/db';

/** Every table and its columns, read from the migrated database itself (not from our types). */
async function liveSchema(t: TestDb): Promise<Map<string, string[]>> {
  const rows =
    t.dialect === 'sqlite'
      ? (
          await sql<{ table_name: string; column_name: string }>`
            select m.name as table_name, p.name as column_name
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'`.execute(t.db)
        ).rows
      : (
          await sql<{ table_name: string; column_name: string }>`
            select table_name, column_name from information_schema.columns
            where table_schema = current_schema()`.execute(t.db)
        ).rows;
  const tables = new Map<string, string[]>();
  for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  return tables;
}

function unclassified(schema: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const [table, columns] of schema) {
    const rules = personalTables[table];
    if (!rules) continue;
    for (const column of columns) {
      const rule = rules[column];
      if (!rule) problems.push(`${table}.${column}: not classified`);
      else if ('excluded' in rule && rule.excluded.trim().length < 8) problems.push(`${table}.${column}: no reason`);
    }
    for (const listed of Object.keys(rules))
      if (!columns.includes(listed) && !dialectOnlyColumns.has(`${table}.${listed}`))
        problems.push(`${table}.${listed}: classified but not in the schema`);
  }
  return problems;
}

describe(`every column that refers to a person is classified for the export (${testDialect})`, () => {
  let t: TestDb;
  let schema: Map<string, string[]>;
  beforeAll(async () => {
    t = await createTestDb();
    schema = await liveSchema(t);
  });
  afterAll(async () => t.destroy());

  it('finds the tables it should (the schema was read)', () => {
    expect(schema.get('user_profile')).toContain('email');
    expect(schema.get('data_export')).toContain('user_id');
  });

  it('lists every table, either as personal or as referring to nobody, never both', () => {
    const unlisted = [...schema.keys()].filter((name) => !(name in personalTables) && !(name in impersonalTables));
    expect(unlisted, 'tables missing from classification.ts').toEqual([]);
    expect(Object.keys(personalTables).filter((name) => name in impersonalTables)).toEqual([]);
  });

  it('classifies every column of every personal table, as exported or excluded with a reason', () => {
    expect(unclassified(schema)).toEqual([]);
  });

  it('lets no table that names a person pass as impersonal', () => {
    const hidden = Object.keys(impersonalTables).flatMap((table) =>
      (schema.get(table) ?? []).filter((c) => PERSON_COLUMN.test(c)).map((c) => `${table}.${c}`),
    );
    expect(hidden).toEqual([]);
  });

  it('fails on a column a later migration adds without classifying it', async () => {
    await sql`alter table user_profile add column nickname text`.execute(t.db);
    expect(unclassified(await liveSchema(t))).toEqual(['user_profile.nickname: not classified']);
    await sql`alter table user_profile drop column nickname`.execute(t.db);
  });

  it('excludes monitoring alerts and internal notes entirely', () => {
    for (const [column, rule] of Object.entries(personalTables.monitoring_alert!))
      expect('excluded' in rule, `monitoring_alert.${column}`).toBe(true);
    for (const table of ['deposit_request', 'withdrawal_request', 'identity_verification'])
      expect(personalTables[table]!.internal_note).toHaveProperty('excluded');
    expect(personalTables.account_freeze!.reason).toHaveProperty('excluded');
  });
});
