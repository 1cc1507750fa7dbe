-- One money movement (migrations 015, 020): the guards, the journal row and its domain row, the
-- balances with their floor, the entries, the outbox and audit rows, the stored answer. Called by
-- atlas_post_movements, one subtransaction each. Re-applied at start when this file changes
-- (src/server/db/db-functions.ts, decision 031).
create or replace function atlas_post_movement(
  p_tx jsonb, p_accounts text[], p_owners text[], p_kinds text[], p_amounts bigint[],
  p_related_table text, p_related jsonb, p_response text, p_guard jsonb, p_outbox jsonb, p_audit jsonb,
  out balances bigint[], out replay_hash text, out replay_response text, out replay_found boolean)
language plpgsql as $fn$
declare
  i int;
  bal bigint;
  n int := coalesce(array_length(p_accounts, 1), 0);
  v_tx_id text := p_tx->>'id';
  v_at text := p_tx->>'created_at';
  first_investment text;
begin
  replay_found := false;
  if p_tx->>'idempotency_key' is not null then
    select t.request_hash, t.response into replay_hash, replay_response
      from ledger_tx t where t.user_id = p_tx->>'user_id' and t.idempotency_key = p_tx->>'idempotency_key';
    if found then
      replay_found := true;
      return;
    end if;
  end if;
  if p_guard ? 'verified_user' then
    if not coalesce((select u."emailVerified" from "user" u where u.id = p_guard->>'verified_user'), false) then
      raise exception 'e-mail not verified' using errcode = 'AT004';
    end if;
  end if;
  if p_guard ? 'profile_user' then
    if not exists (select 1 from user_profile p where p.user_id = p_guard->>'profile_user') then
      raise exception 'no profile' using errcode = 'AT005';
    end if;
  end if;
  if p_guard ? 'not_frozen' then
    if exists (select 1 from account_freeze f where f.user_id = p_guard->>'not_frozen') then
      raise exception 'account frozen' using errcode = 'AT006';
    end if;
  end if;
  if p_guard ? 'withdrawal_lock' then
    perform 1 from ledger_account where id = p_guard->'withdrawal_lock'->>'account' for update;
    select min(created_at) into first_investment from investment where user_id = p_guard->'withdrawal_lock'->>'user_id';
    if first_investment > p_guard->'withdrawal_lock'->>'boundary' then
      raise exception 'withdrawal locked' using errcode = 'AT003', detail = first_investment;
    end if;
  end if;
  if p_tx is not null then
    insert into ledger_tx (id, type, user_id, idempotency_key, request_hash, response, ref_type, ref_id, created_by, created_at)
      select r.id, r.type, r.user_id, r.idempotency_key, r.request_hash, null, r.ref_type, r.ref_id, r.created_by, r.created_at
      from jsonb_populate_record(null::ledger_tx, p_tx) r;
  end if;
  if p_related_table = 'internal_transfer' then
    insert into internal_transfer select * from jsonb_populate_record(null::internal_transfer, p_related);
  elsif p_related_table = 'investment' then
    insert into investment select * from jsonb_populate_record(null::investment, p_related);
  elsif p_related_table = 'withdrawal_request' then
    insert into withdrawal_request select * from jsonb_populate_record(null::withdrawal_request, p_related);
  elsif p_related_table = 'investment_stop' then
    update investment set is_active = 0, stopped_at = p_related->>'stopped_at', stop_tx_id = v_tx_id,
        current_value_cents = (p_related->>'current_value_cents')::bigint
      where id = p_related->>'id' and is_active = 1;
    if not found then
      raise exception 'investment % is no longer active', p_related->>'id' using errcode = 'AT002';
    end if;
  elsif p_related_table = 'request_transition' then
    if p_related->>'request_table' = 'deposit_request' then
      update deposit_request r set
      status = coalesce(p_related->>'status', r.status),
      processed_at = coalesce(p_related->>'processed_at', r.processed_at),
      processed_by = coalesce(p_related->>'processed_by', r.processed_by),
      admin_notes = case when p_related ? 'status' then p_related->>'admin_notes' else r.admin_notes end,
      first_approved_by = coalesce(p_related->>'first_approved_by', r.first_approved_by),
      first_approved_at = coalesce(p_related->>'first_approved_at', r.first_approved_at),
      tx_id = case when (p_related->>'link_tx')::boolean then v_tx_id else r.tx_id end
    where r.id = p_related->>'id' and r.status = 'pending'
      and (not p_related ? 'seen_first_approved_by'
        or r.first_approved_by is not distinct from p_related->>'seen_first_approved_by');
    elsif p_related->>'request_table' = 'withdrawal_request' then
      update withdrawal_request r set
      status = coalesce(p_related->>'status', r.status),
      processed_at = coalesce(p_related->>'processed_at', r.processed_at),
      processed_by = coalesce(p_related->>'processed_by', r.processed_by),
      admin_notes = case when p_related ? 'status' then p_related->>'admin_notes' else r.admin_notes end,
      first_approved_by = coalesce(p_related->>'first_approved_by', r.first_approved_by),
      first_approved_at = coalesce(p_related->>'first_approved_at', r.first_approved_at),
      settle_tx_id = case when (p_related->>'link_tx')::boolean then v_tx_id else r.settle_tx_id end
    where r.id = p_related->>'id' and r.status = 'pending'
      and (not p_related ? 'seen_first_approved_by'
        or r.first_approved_by is not distinct from p_related->>'seen_first_approved_by');
    else
      raise exception 'unknown request table %', p_related->>'request_table';
    end if;
    if not found then
      raise exception 'request % moved on', p_related->>'id' using errcode = 'AT002';
    end if;
  elsif p_related_table is not null then
    raise exception 'unknown related table %', p_related_table;
  end if;
  balances := array[]::bigint[];
  for i in 1 .. n loop
    update ledger_account set balance_cents = balance_cents + p_amounts[i]
      where id = p_accounts[i] and (kind like 'platform_%' or balance_cents >= -p_amounts[i])
      returning balance_cents into bal;
    if not found and (p_amounts[i] > 0 or p_owners[i] = 'platform') then
      insert into ledger_account (id, owner_id, kind, balance_cents, created_at)
        values (p_accounts[i], p_owners[i], p_kinds[i], 0, v_at) on conflict (id) do nothing;
      update ledger_account set balance_cents = balance_cents + p_amounts[i]
        where id = p_accounts[i] and (kind like 'platform_%' or balance_cents >= -p_amounts[i])
        returning balance_cents into bal;
    end if;
    if not found then
      raise exception 'insufficient funds in %', p_accounts[i] using errcode = 'AT001', detail = p_accounts[i];
    end if;
    balances := balances || bal;
  end loop;
  if n > 0 then
    insert into ledger_entry (tx_id, account_id, amount_cents) select v_tx_id, a, m from unnest(p_accounts, p_amounts) as u(a, m);
  end if;
  if p_outbox is not null then
    insert into email_outbox select * from jsonb_populate_record(null::email_outbox, p_outbox);
  end if;
  if p_audit is not null then
    -- Named columns: the sealing columns keep their defaults.
    insert into audit_log (id, actor_id, action, target_type, target_id, before, after, at, ip, user_agent, result)
      select a.id, a.actor_id, a.action, a.target_type, a.target_id, a.before, a.after, a.at, a.ip, a.user_agent, a.result
      from jsonb_populate_record(null::audit_log, p_audit) a;
  end if;
  if p_response is not null then
    update ledger_tx set response = '{"$balances":' || to_json(balances)::text || ',"body":' || p_response || '}' where id = v_tx_id;
  end if;
end
$fn$;
