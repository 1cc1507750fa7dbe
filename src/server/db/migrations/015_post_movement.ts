import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * PostgreSQL: one server-side function applies a money movement that core has already computed
 * (decision 021), so the whole movement is one round trip and one implicit transaction:
 *
 * 1. the idempotency record: an earlier transaction with this user's key is returned as is (the
 *    caller compares its request hash and replays its answer), and nothing is written;
 * 2. guards, in the order the services checked them before: the sender's verified e-mail (AT004),
 *    the investor's profile (AT005), the account not frozen (AT006); a guard core computed the boundary of (a withdrawal: no first investment after it, read
 *    under the lock of the available balance; AT003 with that investment's date otherwise);
 * 3. the journal row (with the key), then the domain row that references it (a transfer, an
 *    investment, a withdrawal request: `p_related_table` + the row as JSON), or the conditional
 *    update of one (a stop: the investment must still be active; an operator's decision: the
 *    request must still be pending) — refused with AT002 when it no longer is;
 * 4. the cached balances in the order given (the caller sorts them: two opposite movements never
 *    deadlock), each debit conditional on the balance covering it (AT001 when it does not: the
 *    whole statement rolls back), an account missing on a credit created first;
 * 5. the entries, the e-mail the movement sends (its outbox row), and the answer to replay (when the request carried a key; `$balances` lets the
 *    caller fill the figures this function learnt).
 *
 * The function decides nothing: postings, amounts, rows and rules come from core and the services.
 * SQLite needs no function: the same steps run as precompiled statements in one synchronous
 * transaction (ledger/movement.repo.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(
      `create or replace function atlas_post_movement(
  p_tx jsonb, p_accounts text[], p_owners text[], p_kinds text[], p_amounts bigint[],
  p_related_table text, p_related jsonb, p_response text, p_guard jsonb, p_outbox jsonb,
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
    -- Decided against what is committed: a first investment in flight either committed before this
    -- lock, or waits for this movement (its debit updates the same row).
    perform 1 from ledger_account where id = p_guard->'withdrawal_lock'->>'account' for update;
    select min(created_at) into first_investment from investment where user_id = p_guard->'withdrawal_lock'->>'user_id';
    if first_investment > p_guard->'withdrawal_lock'->>'boundary' then
      raise exception 'withdrawal locked' using errcode = 'AT003', detail = first_investment;
    end if;
  end if;
  insert into ledger_tx (id, type, user_id, idempotency_key, request_hash, response, ref_type, ref_id, created_by, created_at)
    select r.id, r.type, r.user_id, r.idempotency_key, r.request_hash, null, r.ref_type, r.ref_id, r.created_by, r.created_at
    from jsonb_populate_record(null::ledger_tx, p_tx) r;
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
  insert into ledger_entry (tx_id, account_id, amount_cents) select v_tx_id, a, m from unnest(p_accounts, p_amounts) as u(a, m);
  if p_outbox is not null then
    insert into email_outbox select * from jsonb_populate_record(null::email_outbox, p_outbox);
  end if;
  if p_response is not null then
    update ledger_tx set response = '{"$balances":' || to_json(balances)::text || ',"body":' || p_response || '}' where id = v_tx_id;
  end if;
end
$fn$`,
    )
    .execute(db);
}
