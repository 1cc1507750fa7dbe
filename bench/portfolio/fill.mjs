// Bulk rows for bench/portfolio: other investors, each with a deposit, 100 investments (30 % of
// them stopped) and the matching ledger transactions, entries, accounts and approved deposit
// requests, generated inside the database (recursive CTE on SQLite, generate_series on
// PostgreSQL) so that a million investments take seconds, not hours. Every row respects the
// schema (foreign keys, checks) and `verify-ledger` passes.
export const PER_USER = 100;
const DAY = 86_400_000;

const AREAS = ['crypto', 'trading', 'stocks', 'real_estate'];
/** Deterministic amounts, $100.00 to $4,999.99, the same formula in JS and in SQL. */
const amountJs = (n) => 10_000 + ((n * 7919) % 490_000);

/** The platform's deposits account gives what the phase's users receive: their investments plus $100 each. */
export function depositsTotal(fromUser, toUser) {
  let total = 0;
  for (let n = fromUser * PER_USER; n < toUser * PER_USER; n++) total += amountJs(n);
  return total + (toUser - fromUser) * 10_000;
}

function dialectSql(dialect) {
  const pg = dialect === 'postgres';
  return {
    seq: (a, b) =>
      pg
        ? `with seq(n) as (select generate_series(${a}::bigint, ${b - 1}::bigint))`
        : `with recursive seq(n) as (select ${a} union all select n + 1 from seq where n < ${b - 1})`,
    id: (tag, expr) =>
      pg
        ? `('00000000-0000-4000-${tag}-' || lpad((${expr})::text, 12, '0'))`
        : `printf('00000000-0000-4000-${tag}-%012d', ${expr})`,
    iso: (ms) =>
      pg
        ? `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`,
    authDate: (ms) =>
      pg ? `to_timestamp((${ms}) / 1000.0)` : `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`,
    no: pg ? 'false' : '0',
    text: (expr) => (pg ? `(${expr})::text` : `cast(${expr} as text)`),
  };
}

/**
 * The statements that add users [fromUser, toUser): run them in order, in one transaction.
 * `t0` is the epoch ms of the users' deposits; everything else follows it (about 340 days of history).
 */
export function fillStatements(dialect, { fromUser, toUser, t0, uidBase, adminId }) {
  const d = dialectSql(dialect);
  const a = fromUser;
  const b = toUser;
  const n0 = a * PER_USER;
  const n1 = b * PER_USER;
  const user = (u) => d.id('a000', u);
  const amount = '(10000 + ((n * 7919) % 490000))';
  const uOf = `(n / ${PER_USER})`;
  const jOf = `(n % ${PER_USER})`;
  const stopped = '(n % 10 < 3)';
  const spread = (u) => `((${u}) % 86400) * 1000`;
  const depositAt = (u) => `${t0} + ${spread(u)}`;
  const investAt = `${t0} + ${DAY} + ${jOf} * ${2 * DAY} + ${spread(uOf)}`;
  const stopAt = `${t0} + ${210 * DAY} + ${jOf} * 3600000 + ${spread(uOf)}`;
  const area = `case n % 4 ${AREAS.map((x, i) => (i < 3 ? `when ${i} then '${x}'` : `else '${x}'`)).join(' ')} end`;
  const account = (u, kind) => `'u:' || ${user(u)} || ':${kind}'`;
  return [
    `${d.seq(a, b)} insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt", "username", "displayUsername")
      select ${user('n')}, 'Bulk ' || ${d.text('n')}, 'bulk' || ${d.text('n')} || '@bench.test', ${d.no}, ${d.authDate(depositAt('n'))}, ${d.authDate(depositAt('n'))}, 'bulk_' || ${d.text('n')}, 'bulk_' || ${d.text('n')} from seq`,
    `${d.seq(a, b)} insert into user_profile (user_id, uid, username, first_name, last_name, full_name, email, birth_date, country, phone, locale, first_investment_date, created_at, updated_at)
      select ${user('n')}, 'ATU' || ${d.text(`${uidBase} + n`)}, 'bulk_' || ${d.text('n')}, 'Bulk', ${d.text('n')}, 'Bulk ' || ${d.text('n')}, 'bulk' || ${d.text('n')} || '@bench.test', '1990-01-01', 'FR', '+33612345678', 'fr',
        ${d.iso(`${t0} + ${DAY} + ${spread('n')}`)}, ${d.iso(depositAt('n'))}, ${d.iso(depositAt('n'))} from seq`,
    // The accounts carry their final balances: $100 left available plus what was stopped; the rest invested.
    `${d.seq(n0, n1)}, totals(u, kept, active) as (
        select ${uOf}, sum(case when ${stopped} then ${amount} else 0 end), sum(case when ${stopped} then 0 else ${amount} end) from seq group by ${uOf})
      insert into ledger_account (id, owner_id, kind, balance_cents, created_at)
      select ${account('u', 'available')}, ${user('u')}, 'available', 10000 + kept, ${d.iso(depositAt('u'))} from totals
      union all select ${account('u', 'invested')}, ${user('u')}, 'invested', active, ${d.iso(depositAt('u'))} from totals`,
    `${d.seq(a, b)} insert into ledger_tx (id, type, user_id, ref_type, ref_id, created_by, created_at)
      select ${d.id('a001', 'n')}, 'deposit', ${user('n')}, 'deposit_request', ${d.id('a002', 'n')}, '${adminId}', ${d.iso(depositAt('n'))} from seq`,
    `${d.seq(n0, n1)} insert into ledger_tx (id, type, user_id, ref_type, ref_id, created_by, created_at)
      select ${d.id('a003', 'n')}, 'invest', ${user(uOf)}, 'investment', ${d.id('a004', 'n')}, ${user(uOf)}, ${d.iso(investAt)} from seq`,
    `${d.seq(n0, n1)} insert into ledger_tx (id, type, user_id, ref_type, ref_id, created_by, created_at)
      select ${d.id('a005', 'n')}, 'stop', ${user(uOf)}, 'investment', ${d.id('a004', 'n')}, ${user(uOf)}, ${d.iso(stopAt)} from seq where ${stopped}`,
    `${d.seq(n0, n1)} insert into investment (id, user_id, area, amount_cents, current_value_cents, btc_price_at_investment_cents, is_active, created_at, stopped_at, invest_tx_id, stop_tx_id)
      select ${d.id('a004', 'n')}, ${user(uOf)}, ${area}, ${amount}, ${amount}, case when n % 4 = 0 then 6000000 + (n % 1000) * 1000 else null end,
        case when ${stopped} then 0 else 1 end, ${d.iso(investAt)}, case when ${stopped} then ${d.iso(stopAt)} else null end,
        ${d.id('a003', 'n')}, case when ${stopped} then ${d.id('a005', 'n')} else null end from seq`,
    `${d.seq(n0, n1)}, totals(u, total) as (select ${uOf}, sum(${amount}) + 10000 from seq group by ${uOf})
      insert into deposit_request (id, user_id, amount_cents, status, proof_path, created_at, processed_at, processed_by, tx_id)
      select ${d.id('a002', 'u')}, ${user('u')}, total, 'approved', null, ${d.iso(`${depositAt('u')} - 3600000`)}, ${d.iso(depositAt('u'))}, '${adminId}', ${d.id('a001', 'u')} from totals`,
    // Entries in the order the balances changed, user by user: deposit, then investments, then stops.
    `${d.seq(n0, n1)}, totals(u, total) as (select ${uOf}, sum(${amount}) + 10000 from seq group by ${uOf})
      insert into ledger_entry (tx_id, account_id, amount_cents)
      select tx, acc, amt from (
        select u as k, 0 as o, ${d.id('a001', 'u')} as tx, 'platform:platform_deposits' as acc, -total as amt from totals
        union all select u, 1, ${d.id('a001', 'u')}, ${account('u', 'available')}, total from totals
      ) x order by k, o`,
    `${d.seq(n0, n1)} insert into ledger_entry (tx_id, account_id, amount_cents)
      select tx, acc, amt from (
        select n as k, 0 as o, ${d.id('a003', 'n')} as tx, ${account(uOf, 'available')} as acc, -${amount} as amt from seq
        union all select n, 1, ${d.id('a003', 'n')}, ${account(uOf, 'invested')}, ${amount} from seq
      ) x order by k, o`,
    `${d.seq(n0, n1)} insert into ledger_entry (tx_id, account_id, amount_cents)
      select tx, acc, amt from (
        select n as k, 0 as o, ${d.id('a005', 'n')} as tx, ${account(uOf, 'invested')} as acc, -${amount} as amt from seq where ${stopped}
        union all select n, 1, ${d.id('a005', 'n')}, ${account(uOf, 'available')}, ${amount} from seq where ${stopped}
      ) x order by k, o`,
    `update ledger_account set balance_cents = balance_cents - ${depositsTotal(a, b)} where id = 'platform:platform_deposits'`,
  ];
}
