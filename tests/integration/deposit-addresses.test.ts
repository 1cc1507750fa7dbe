import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountKey } from '../../src/core/chain/account-key';
import { depositAddressesCommand } from '../../src/server/modules/chain/deposit-address.cli';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { createAdmin, createUser, type TestUser } from '../support/users';

/** BIP84's test vector, account 0 (mnemonic "abandon" ×11 "about"): its receive addresses 0 and 1. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SECOND = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const SHARED_BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SHARED_USDT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** The same key as a Litecoin Ltub (what a Litecoin wallet exports). */
function asLtub(key: string): string {
  const base58check = createBase58check(sha256);
  const bytes = base58check.decode(key).slice();
  new DataView(bytes.buffer).setUint32(0, 0x019da462, false);
  return base58check.encode(bytes);
}

interface Listed {
  coin: string;
  address: string;
  own?: true;
}

describe(`an address per investor for BTC and LTC (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let png: Buffer;

  const get = (who: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const addresses = async (who: TestUser) => {
    const res = await get(who, '/api/deposits/addresses');
    expect(res.statusCode).toBe(200);
    return res.json() as { available: boolean; sample: boolean; addresses: Listed[] };
  };
  const file = async (app: TestApp, who: TestUser, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    return app.app.inject({
      method: 'POST',
      url: '/api/deposits',
      payload: form as never,
      headers: { cookie: who.cookie },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC: ZPUB,
      DEPOSIT_XPUB_LTC: asLtub(ZPUB),
      DEPOSIT_ADDRESS_BTC: SHARED_BTC,
      DEPOSIT_ADDRESS_USDT_TRC20: SHARED_USDT,
    });
    admin = await createAdmin(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('gives two investors different addresses, each stable, replacing the shared BTC one; USDT stays shared', async () => {
    const ana = await createUser(t);
    const ben = await createUser(t);
    const first = await addresses(ana);
    expect(first.available).toBe(true);
    expect(first.sample).toBe(false);
    expect(first.addresses.map((a) => a.coin)).toEqual(['BTC', 'LTC', 'USDT_TRC20']);
    expect(first.addresses.find((a) => a.coin === 'USDT_TRC20')).toEqual({
      coin: 'USDT_TRC20',
      address: SHARED_USDT,
    });
    const anaBtc = first.addresses.find((a) => a.coin === 'BTC')!;
    expect(anaBtc.own).toBe(true);
    expect(anaBtc.address).not.toBe(SHARED_BTC);
    const benBtc = (await addresses(ben)).addresses.find((a) => a.coin === 'BTC')!;
    // The first two people of this database get receive addresses 0 and 1 of the BIP84 vector.
    expect([anaBtc.address, benBtc.address].sort()).toEqual([FIRST, SECOND].sort());
    expect((await addresses(ana)).addresses).toEqual(first.addresses);
    const anaLtc = first.addresses.find((a) => a.coin === 'LTC')!;
    expect(anaLtc).toMatchObject({ own: true });
    expect(anaLtc.address).toMatch(/^ltc1q/);
    const key = parseAccountKey('LTC', asLtub(ZPUB));
    expect(anaLtc.address).toBe(key.receiveAddress(0));
  });

  it('gives one person asking many times at once one address, and many people at once distinct indices', async () => {
    const same = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => addresses(same)));
    expect(new Set(answers.map((a) => a.addresses.find((x) => x.coin === 'BTC')!.address)).size).toBe(1);
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const theirs = await Promise.all(people.map(async (p) => (await addresses(p)).addresses[0]!.address));
    expect(new Set(theirs).size).toBe(6);
    const rows = await t.ctx.db
      .selectFrom('deposit_address')
      .select(['user_id', 'derivation_index', 'address'])
      .where('coin', '=', 'BTC')
      .execute();
    expect(rows.filter((r) => r.user_id === same.id)).toHaveLength(1);
    const key = parseAccountKey('BTC', ZPUB);
    for (const r of rows) expect(r.address).toBe(key.receiveAddress(Number(r.derivation_index)));
    // Indices are distinct and without holes: the wallet's gap limit is the highest index plus one.
    expect(rows.map((r) => Number(r.derivation_index)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rows.length }, (_, i) => i),
    );
  });

  it('records the address the person was shown with the deposit, and shows it to the operator with its index', async () => {
    const who = await createUser(t, { firstName: 'Chloé', lastName: 'Martin' });
    const own = (await addresses(who)).addresses.find((a) => a.coin === 'BTC')!.address;
    const missing = await file(t, who, { amount: '120.00' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('deposit_coin_required');
    const unknown = await file(t, who, { amount: '120.00', coin: 'SOL' });
    expect(unknown.json().error.code).toBe('deposit_coin_required');
    const res = await file(t, who, { amount: '120.00', coin: 'BTC' });
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('deposit_request')
      .select(['deposit_coin', 'deposit_address'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deposit_coin: 'BTC', deposit_address: own });
    const index = await t.ctx.db
      .selectFrom('deposit_address')
      .select('derivation_index')
      .where('user_id', '=', who.id)
      .where('coin', '=', 'BTC')
      .executeTakeFirstOrThrow();
    const usdt = await file(t, who, { amount: '30.00', coin: 'USDT_TRC20' });
    expect(usdt.statusCode).toBe(201);

    const queue = (await get(admin, '/api/admin/deposits?status=pending')).json() as {
      items: Array<{ id: string; paidTo: unknown }>;
    };
    expect(queue.items.find((i) => i.id === res.json().id)!.paidTo).toEqual({
      coin: 'BTC',
      address: own,
      derivedIndex: Number(index.derivation_index),
    });
    expect(queue.items.find((i) => i.id === usdt.json().id)!.paidTo).toEqual({
      coin: 'USDT_TRC20',
      address: SHARED_USDT,
      derivedIndex: null,
    });
  });

  it('allocates on filing for a person who never opened the screen, with a single coin implied', async () => {
    const single = await createTestApp({ DEMO_MODE: 'false', DEPOSIT_XPUB_BTC: ZPUB });
    try {
      const who = await createUser(single);
      const res = await file(single, who, { amount: '80.00' });
      expect(res.statusCode).toBe(201);
      const row = await single.ctx.db
        .selectFrom('deposit_request')
        .select(['deposit_coin', 'deposit_address'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ deposit_coin: 'BTC', deposit_address: FIRST });
      const listed = await single.app.inject({
        method: 'GET',
        url: '/api/deposits/addresses',
        headers: { cookie: who.cookie },
      });
      expect(listed.json()).toEqual({
        available: true,
        sample: false,
        addresses: [{ coin: 'BTC', address: FIRST, own: true }],
      });
    } finally {
      await single.close();
    }
  });

  it('the operator command prints, per coin, the addresses given and the highest index', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => void lines.push(line);
    try {
      expect(await depositAddressesCommand.run(t.ctx)).toBe(0);
    } finally {
      console.log = log;
    }
    const btc = await t.ctx.db.selectFrom('deposit_address').select('user_id').where('coin', '=', 'BTC').execute();
    const fingerprint = parseAccountKey('BTC', ZPUB).fingerprint;
    expect(lines[0]).toBe(`BTC: account key ${fingerprint}`);
    expect(lines[1]).toBe(
      `  ${btc.length} addresses given, highest index ${btc.length - 1}: the wallet's gap limit must be at least ${btc.length}`,
    );
    expect(lines[2]).toBe(`LTC: account key ${fingerprint}`);
  });
});

describe(`without an account key, deposits are as before (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_ADDRESS_BTC: SHARED_BTC,
      DEPOSIT_ADDRESS_LTC: 'ltc1qg82tt7ja8s6a9m3ye9rmy4y7u5rtrrddf5c3ke',
    });
  });
  afterAll(async () => t.close());

  it('lists the shared addresses, files without a coin, records nothing, and allocates nothing', async () => {
    const who = await createUser(t);
    const admin = await createAdmin(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/deposits/addresses', headers: { cookie: who.cookie } });
    expect(res.json()).toEqual({
      available: true,
      sample: false,
      addresses: [
        { coin: 'BTC', address: SHARED_BTC },
        { coin: 'LTC', address: 'ltc1qg82tt7ja8s6a9m3ye9rmy4y7u5rtrrddf5c3ke' },
      ],
    });
    const form = new FormData();
    form.append('amount', '60.00');
    form.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'p.png');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      payload: form as never,
      headers: { cookie: who.cookie },
    });
    expect(filed.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('deposit_request')
      .select(['deposit_coin', 'deposit_address'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deposit_coin: null, deposit_address: null });
    expect(await t.ctx.db.selectFrom('deposit_address').selectAll().execute()).toEqual([]);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/deposits', headers: { cookie: admin.cookie } });
    expect(queue.json().items[0].paidTo).toBeNull();
  });
});
