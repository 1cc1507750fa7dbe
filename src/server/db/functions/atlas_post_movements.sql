-- A group of plans in one call (decisions 023, 032; migration 021's stuck-lock isolation): the
-- statements of their steps prepared once per session, the balances taken in account order with
-- skip locked, a plan touching one held elsewhere answered AT007, any other wait of the group
-- bounded to 200 ms, each plan applied by atlas_post_movement in its own subtransaction.
-- Re-applied at start when this file changes (src/server/db/db-functions.ts, decision 031).
create or replace function atlas_post_movements(p_batch jsonb) returns jsonb
language plpgsql as $fn$
declare
  m jsonb;
  r record;
  q record;
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
  -- A statement is prepared once per session (its plan kept); the setting remembers it cheaply,
  -- and is checked against the session's statements when a rolled-back transaction dropped it.
  for q in select key as name, value as text from jsonb_each_text(p_batch->'statements') loop
    if current_setting('atlas.' || q.name, true) is distinct from 'prepared' then
      if not exists (select 1 from pg_prepared_statements p where p.name = q.name) then
        execute format('prepare %I as %s', q.name, q.text);
      end if;
      perform set_config('atlas.' || q.name, 'prepared', false);
    end if;
  end loop;
  v_wanted := array(select distinct e->>'accountId'
    from jsonb_array_elements(p_batch->'movements') b, jsonb_array_elements(b->'entries') e);
  v_taken := array(select id from ledger_account where id = any(v_wanted)
    order by id collate "C" for no key update skip locked);
  v_held := to_jsonb(array(select id from ledger_account where id = any(v_wanted) and id <> all(v_taken)));
  for m in select b from jsonb_array_elements(p_batch->'movements') with ordinality as g(b, n) order by n loop
    if jsonb_array_length(v_held) > 0 then
      v_detail := (select e->>'accountId' from jsonb_array_elements(m->'entries') e where v_held ? (e->>'accountId') limit 1);
      if v_detail is not null then
        results := results || jsonb_build_array(jsonb_build_object('code', 'AT007', 'detail', v_detail,
          'message', 'account locked by another transaction'));
        continue;
      end if;
    end if;
    begin
      select * into r from atlas_post_movement(m);
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
