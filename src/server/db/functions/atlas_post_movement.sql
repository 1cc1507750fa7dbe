-- One plan (decision 032): the stored answer of its idempotency key if it has one, else its
-- journal row, its steps (statements prepared by atlas_post_movements, each with what it must find:
-- a row, none, or anything), its balances with the floors core decided, its entries and its answer.
-- No product rule lives here: a refusal is the step's, named by its place in the plan.
-- Called by atlas_post_movements, one subtransaction each. Re-applied at start when this file
-- changes (src/server/db/db-functions.ts, decision 031).
drop function if exists atlas_post_movement(jsonb, text[], text[], text[], bigint[], text, jsonb, text, jsonb, jsonb, jsonb);
create or replace function atlas_post_movement(
  m jsonb, out balances bigint[], out replay_hash text, out replay_response text, out replay_found boolean)
language plpgsql as $fn$
declare
  v_tx jsonb := nullif(m->'tx', 'null'::jsonb);
  v_tx_id text := v_tx->>'id';
  s jsonb;
  e jsonb;
  v_place int := 0;
  v_call text;
  v_detail text;
  v_rows bigint;
  v_amount bigint;
  v_floor bigint;
  bal bigint;
begin
  replay_found := false;
  if v_tx->>'idempotency_key' is not null then
    select t.request_hash, t.response into replay_hash, replay_response
      from ledger_tx t where t.user_id = v_tx->>'user_id' and t.idempotency_key = v_tx->>'idempotency_key';
    if found then
      replay_found := true;
      return;
    end if;
  end if;
  if v_tx is not null then
    insert into ledger_tx (id, type, user_id, idempotency_key, request_hash, response, ref_type, ref_id, created_by, created_at)
      select r.id, r.type, r.user_id, r.idempotency_key, r.request_hash, null, r.ref_type, r.ref_id, r.created_by, r.created_at
      from jsonb_populate_record(null::ledger_tx, v_tx) r;
  end if;
  for s in select x from jsonb_array_elements(m->'steps') with ordinality as g(x, n) order by n loop
    -- Each argument as a quoted literal: the prepared statement gives it its column's type.
    v_call := format('execute %I(%s)', s->>'q',
      (select string_agg(quote_nullable(a), ', ' order by k) from jsonb_array_elements_text(s->'a') with ordinality as t(a, k)));
    if s->>'e' is null then
      execute v_call;
    else
      v_detail := null;
      execute v_call into v_detail;
      get diagnostics v_rows = row_count;
      if (s->>'e' = 'row') <> (v_rows > 0) then
        raise exception using errcode = 'AT010', message = jsonb_build_array(v_place, v_detail)::text;
      end if;
    end if;
    v_place := v_place + 1;
  end loop;
  balances := array[]::bigint[];
  for e in select x from jsonb_array_elements(m->'entries') with ordinality as g(x, n) order by n loop
    v_amount := (e->>'amount')::bigint;
    v_floor := (e->>'floor')::bigint;
    update ledger_account set balance_cents = balance_cents + v_amount
      where id = e->>'accountId' and (v_floor is null or balance_cents + v_amount >= v_floor)
      returning balance_cents into bal;
    -- An account not opened yet holds zero: a posting it allows opens it. Every unique key is an
    -- arbiter: with the id's alone, two instances opening one balance at once could still fail on
    -- (owner_id, kind), whose check waits for the other and then finds its row.
    if not found and (v_floor is null or v_amount >= v_floor) then
      insert into ledger_account (id, owner_id, kind, balance_cents, created_at)
        values (e->>'accountId', e->>'owner', e->>'kind', 0, v_tx->>'created_at') on conflict do nothing;
      update ledger_account set balance_cents = balance_cents + v_amount
        where id = e->>'accountId' and (v_floor is null or balance_cents + v_amount >= v_floor)
        returning balance_cents into bal;
    end if;
    if not found then
      raise exception 'insufficient funds in %', e->>'accountId' using errcode = 'AT001', detail = e->>'accountId';
    end if;
    balances := balances || bal;
  end loop;
  if cardinality(balances) > 0 then
    insert into ledger_entry (tx_id, account_id, amount_cents)
      select v_tx_id, x->>'accountId', (x->>'amount')::bigint from jsonb_array_elements(m->'entries') x;
  end if;
  if m->>'response' is not null then
    update ledger_tx set response = '{"$balances":' || to_json(balances)::text || ',"body":' || (m->>'response') || '}' where id = v_tx_id;
  end if;
end
$fn$;
