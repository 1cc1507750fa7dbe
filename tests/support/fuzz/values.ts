import fc from 'fast-check';

/** Text an attacker or a clumsy client sends: injections, odd numbers, odd characters, long text. */
export const injections = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "admin'--",
  "'; DROP TABLE ledger_entry; --",
  '" OR ""="',
  '1; select pg_sleep(5) --',
  '%\' AND 1=0 UNION SELECT id, email FROM "user" --',
  "ATU' OR 'x'='x",
  "\\'; --",
  '*/ OR /*',
];

export const numberLike = [
  '0',
  '-0',
  '-1',
  '-5',
  '1',
  '10',
  '150',
  '150.25',
  '0.01',
  '0.001',
  '1e3',
  '1E3',
  '12.345',
  '1.',
  '.5',
  '00010',
  '1_000',
  '1,50',
  '1 000',
  '+5',
  '0x10',
  'Infinity',
  '-Infinity',
  'NaN',
  '99999999999999999999',
  '9'.repeat(32),
  '9999999999999',
  '92233720368547758.07',
  '9007199254740993',
  '١٢٣',
  '１２３',
  ' 10 ',
  '10\n',
  '5.00',
  '1000000',
  '0.5',
];

export const oddText = [
  '',
  ' ',
  '\t',
  '\n',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '\u200b',
  '😀',
  'é',
  'Ωmega',
  '\ud800',
  '\udfff',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..%2f..%2fetc',
  '%00',
  '%',
  '%%',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'ADMIN',
  'admin',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
  '😀'.repeat(1_000),
];

/** PostgreSQL refuses U+0000 in text: every field must turn it into a 400, never a database error. */
export const withNul = [
  '\u0000',
  'a\u0000b',
  'ATU\u0000123456',
  'x\u0000@example.test',
  '10\u0000',
  'BTC\u0000',
  'stocks\u0000',
  '\u0000'.repeat(64),
];

/** Strings that mean something to this application (filled in from the world: ids, UIDs, e-mails). */
export const domainText = [
  'crypto',
  'stocks',
  'trading',
  'real_estate',
  'gold',
  'BTC',
  'LTC',
  'USDT_TRC20',
  'SOL',
  'DOGE',
  'btc',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
  'pending',
  'approved',
  'rejected',
  'fr',
  'en',
  'es',
  'de',
  '2024-01-31',
  '2024-02-30',
  '1990-04-12',
  '2999-12-31',
  '0000-00-00',
  'ATU000000',
  'ATU123456',
  'someone@example.test',
  'password-123',
  '123456',
  'deposit',
  'withdrawal',
  'transfer_in',
  'stop',
];

// Built once: a 'binary' string arbitrary maps every code point when it is created (~1 s).
const binaryString = fc.string({ unit: 'binary', maxLength: 200 });

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: binaryString.map((s) => s.slice(0, 40)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

export function textArb(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...injections) },
    { weight: 3, arbitrary: fc.constantFrom(...numberLike) },
    { weight: 3, arbitrary: fc.constantFrom(...oddText) },
    { weight: 2, arbitrary: fc.constantFrom(...withNul) },
    { weight: 3, arbitrary: fc.constantFrom(...domainText) },
    ...(extra.length ? [{ weight: 5, arbitrary: fc.constantFrom(...extra) }] : []),
    { weight: 3, arbitrary: anyString },
  );
}

const numbers = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 10, 1.5, -2.5, 1e3, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 5e-324, 123.456),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Deeply nested arrays/objects: parsers and validators must not fall over. */
export const deep = fc.tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) v = arrays ? [v] : { a: v };
  return v;
});

/** Any JSON value, biased towards the hostile ones. */
export function jsonArb(extra: readonly string[] = []): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 5, arbitrary: textArb(extra) as fc.Arbitrary<unknown> },
    { weight: 2, arbitrary: numbers as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 2, arbitrary: fc.dictionary(textArb(extra), leaf, { maxKeys: 5 }) as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown> },
  );
}

/** Bodies that are not JSON at all although they may claim to be. */
export const rawGarbage = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    "{'a':1}",
    '[1,2',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\u0000',
    '\ufeff{}',
    '{}{}',
    'a=1&b=2',
    '<xml/>',
    '"just a string"',
    '12',
    'true',
    '{"amount":1e400}',
    `{"a":"${'x'.repeat(200_000)}"}`,
  ),
  binaryString,
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
);

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=----x',
  'image/png',
  ';;;',
  'application/vnd.api+json',
];
