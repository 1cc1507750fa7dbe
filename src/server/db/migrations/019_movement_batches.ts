import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * PostgreSQL: the money movements a server has in hand at one moment go to the database together,
 * in one call and one transaction (decision 023), as SQLite commits them as a group:
 *
 * 1. every existing balance row the group will update is locked first, in account-id order (byte
 *    order, as JavaScript sorts them for every other writer), so two groups (or a group and any
 *    other movement, which also updates in that order) never wait on each other in a cycle; an
 *    account a credit creates is new to everyone;
 * 2. each movement is `atlas_post_movement` (migration 015) in its own subtransaction: a refused
 *    one (AT001–AT006, a unique key, a deadlock) is undone alone and its SQLSTATE, detail and
 *    message come back in its place of the answer; the others stand;
 * 3. the answer is one JSON array, in the order of the group.
 *
 * The caller keeps a group under 64 movements: beyond that a transaction's subtransactions no
 * longer fit the cache every snapshot reads, and other sessions slow down.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(
      `create or replace function atlas_post_movements(p_batch jsonb) returns jsonb
language plpgsql as $fn$
declare
  m jsonb;
  r record;
  results jsonb := '[]'::jsonb;
  v_state text;
  v_detail text;
  v_message text;
begin
  perform 1 from ledger_account
    where id in (select jsonb_array_elements_text(b->'accounts') from jsonb_array_elements(p_batch) b)
    order by id collate "C" for update;
  for m in select b from jsonb_array_elements(p_batch) with ordinality as g(b, n) order by n loop
    begin
      select * into r from atlas_post_movement(
        m->'tx',
        array(select x from jsonb_array_elements_text(m->'accounts') with ordinality as e(x, n) order by n),
        array(select x from jsonb_array_elements_text(m->'owners') with ordinality as e(x, n) order by n),
        array(select x from jsonb_array_elements_text(m->'kinds') with ordinality as e(x, n) order by n),
        array(select x::bigint from jsonb_array_elements_text(m->'amounts') with ordinality as e(x, n) order by n),
        m->>'related_table',
        nullif(m->'related', 'null'::jsonb),
        m->>'response',
        nullif(m->'guard', 'null'::jsonb),
        nullif(m->'outbox', 'null'::jsonb));
      results := results || jsonb_build_array(jsonb_build_object(
        'balances', to_jsonb(r.balances), 'replay_found', r.replay_found,
        'replay_hash', r.replay_hash, 'replay_response', r.replay_response));
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_detail = pg_exception_detail, v_message = message_text;
      results := results || jsonb_build_array(jsonb_build_object('code', v_state, 'detail', v_detail, 'message', v_message));
    end;
  end loop;
  return results;
end
$fn$`,
    )
    .execute(db);
}
