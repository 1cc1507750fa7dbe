import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface LiabilitiesTables {
  /** The investor's secret account nonce (hex of 32 bytes); each round derives its own from it. */
  liability_nonce: { user_id: string; nonce: string; created_at: string };
  /** One published round of the proof of liabilities (decision 034). */
  liability_round: {
    no: number;
    asset: string;
    snapshot_at: string;
    /** The ledger position the snapshot was taken at (entry id, and on PostgreSQL the snapshot). */
    watermark: string;
    height: number;
    root: string;
    total_cents: number;
    /** Secret: with the snapshot it rebuilds the same tree. */
    seed: string;
    /** The canonical JSON that was signed and appended to the sealed trail. */
    statement: string;
    signature: string;
    public_key: string;
    created_at: string;
  };
  /** Where an investor's chunks are in a round's tree; the investor reads nothing else. */
  liability_member: { round_no: number; user_id: string; positions: string; balance_cents: number };
  /** A round's tree, 256 nodes a row (32-byte digest, 8-byte value each): paths are read from it, never published. */
  liability_node_page: { round_no: number; level: number; page: number; nodes: Uint8Array };
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('liability_nonce')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('liability_round')
    .addColumn('no', 'integer', (c) => c.primaryKey())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('snapshot_at', 'text', (c) => c.notNull())
    .addColumn('watermark', 'text', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('liability_member')
    .addColumn('round_no', 'integer', (c) => c.notNull().references('liability_round.no'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('positions', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('liability_member_pk', ['round_no', 'user_id'])
    .execute();
  await db.schema
    .createTable('liability_node_page')
    .addColumn('round_no', 'integer', (c) => c.notNull().references('liability_round.no'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('nodes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('liability_node_page_pk', ['round_no', 'level', 'page'])
    .execute();
}
