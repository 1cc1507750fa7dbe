-- A group of money movements in one call (migrations 019, 020, 021): the balances taken in account
-- order with skip locked, a movement touching one held elsewhere answered AT007, any other wait of
-- the group bounded to 200 ms, each movement applied by atlas_post_movement in its own
-- subtransaction. Re-applied at start when this file changes (src/server/db/db-functions.ts,
-- decision 031).
create or replace function atlas_post_movements(p_batch jsonb) returns jsonb
language plpgsql as $fn$
declare
  m jsonb;
  r record;
  results jsonb := '[]'::jsonb;
  v_state text;
  v_detail text;
  v_message text;
  v_wanted text[];
  v_taken text[];
  v_held jsonb;
begin
  if current_setting('lock_timeout') in ('0', '0ms') or current_setting('lock_timeout')::interval > interval '200 ms' then
    perform set_config('lock_timeout', '200ms', true);
  end if;
  v_wanted := array(select distinct jsonb_array_elements_text(b->'accounts') from jsonb_array_elements(p_batch) b);
  v_taken := array(select id from ledger_account where id = any(v_wanted)
    order by id collate "C" for no key update skip locked);
  v_held := to_jsonb(array(select id from ledger_account where id = any(v_wanted) and id <> all(v_taken)));
  for m in select b from jsonb_array_elements(p_batch) with ordinality as g(b, n) order by n loop
    if jsonb_array_length(v_held) > 0 and m->'accounts' ?| array(select jsonb_array_elements_text(v_held)) then
      results := results || jsonb_build_array(jsonb_build_object('code', 'AT007',
        'detail', (select x from jsonb_array_elements_text(m->'accounts') x where v_held ? x limit 1),
        'message', 'account locked by another transaction'));
      continue;
    end if;
    begin
      select * into r from atlas_post_movement(
        nullif(m->'tx', 'null'::jsonb),
        array(select x from jsonb_array_elements_text(m->'accounts') with ordinality as e(x, n) order by n),
        array(select x from jsonb_array_elements_text(m->'owners') with ordinality as e(x, n) order by n),
        array(select x from jsonb_array_elements_text(m->'kinds') with ordinality as e(x, n) order by n),
        array(select x::bigint from jsonb_array_elements_text(m->'amounts') with ordinality as e(x, n) order by n),
        m->>'related_table',
        nullif(m->'related', 'null'::jsonb),
        m->>'response',
        nullif(m->'guard', 'null'::jsonb),
        nullif(m->'outbox', 'null'::jsonb),
        nullif(m->'audit', 'null'::jsonb));
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
$fn$;
