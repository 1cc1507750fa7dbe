import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { enc, fillPath, type JsonSchema, type Operation } from './openapi';
import { contentTypes, jsonArb, rawGarbage, textArb } from './values';
import type { PersonaName } from './world';

export type Who = 'anonymous' | PersonaName;

export type CookieSpec =
  | { kind: 'session' }
  | { kind: 'session+junk'; junk: string }
  | { kind: 'tampered'; at: number }
  | { kind: 'raw'; value: string };

export interface Part {
  name: string;
  file?: { filename: string; type: string; data: FileData };
  value?: string;
}

/** File contents by name, so that a failing request prints short. */
export type FileData =
  'png' | 'png-truncated' | 'png-header-only' | 'pdf' | 'svg' | 'html' | 'empty' | 'zeros-6MiB' | { bytes: number[] };

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'multipart'; parts: Part[]; boundary: 'good' | 'missing' | 'wrong'; truncate: boolean };

export interface FuzzRequest {
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  cookie: CookieSpec;
  body?: Body;
  /** Overrides the content type the body would naturally have. */
  contentType?: string;
  ip: string;
}

/** What the generators may use besides hostile values: ids, UIDs and e-mails that exist. */
export interface Pools {
  /** Ids of investments, deposits, withdrawals, people: for path params. */
  ids: string[];
  /** Everything meaningful as text in a body or a query (ids, UIDs, e-mails, amounts). */
  text: string[];
  /** Paths of stored proofs, for signed-link forgeries. */
  proofPaths: string[];
  /** better-auth endpoints (path with :params, methods). */
  authEndpoints: Array<{ path: string; methods: string[] }>;
  /** Ids and e-mails better-auth bodies may name (never a persona's: they keep their sessions). */
  authTargets: string[];
}

/** `arb`'s value `p` times in a hundred, otherwise undefined (fc.option's freq is the odds of undefined). */
const sometimes = <T>(arb: fc.Arbitrary<T>, p: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 100 - p, arbitrary: fc.constant(undefined) }, { weight: p, arbitrary: arb });

/** True `p` times in a hundred. */
const percent = (p: number) => fc.nat({ max: 99 }).map((n) => n < p);

const allMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

export const whoArb: fc.Arbitrary<Who> = fc.oneof(
  { weight: 25, arbitrary: fc.constant<Who>('anonymous') },
  { weight: 30, arbitrary: fc.constant<Who>('user') },
  { weight: 15, arbitrary: fc.constant<Who>('other') },
  { weight: 30, arbitrary: fc.constant<Who>('admin') },
);

const cookieArb = (pools: Pools): fc.Arbitrary<CookieSpec> =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant<CookieSpec>({ kind: 'session' }) },
    {
      weight: 2,
      arbitrary: textArb(pools.text).map((junk): CookieSpec => ({
        kind: 'session+junk',
        junk: printable(junk).slice(0, 200),
      })),
    },
    { weight: 2, arbitrary: fc.nat({ max: 200 }).map((at): CookieSpec => ({ kind: 'tampered', at })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          textArb(pools.text).map((v) => `atlas.session_token=${printable(v)}`),
          fc.constantFrom(
            'atlas.session_token=',
            'atlas.session_token=a.b',
            ';;;=',
            '=',
            'atlas.session_token=%ZZ',
            `atlas.session_token=${'a'.repeat(8_000)}`,
            'atlas.session_token="x"; atlas.session_token=y',
            'atlas.dont_remember=true',
          ),
          fc.string({ maxLength: 60 }).map(printable),
        )
        .map((value): CookieSpec => ({ kind: 'raw', value })),
    },
  );

const headersArb = (pools: Pools): fc.Arbitrary<Record<string, string>> =>
  fc
    .record({
      'idempotency-key': sometimes(
        fc.oneof(
          fc.stringMatching(/^[0-9a-f]{1,16}$/).map((h) => `k-${h}`),
          fc.constantFrom('', ' ', 'x'.repeat(129), 'x'.repeat(128), 'a b', "' OR 1=1 --"),
          textArb(pools.text).map(printable),
        ),
        30,
      ),
      origin: sometimes(
        fc.constantFrom('http://localhost:3000', 'http://localhost:3000', 'http://evil.test', 'null', ''),
        50,
      ),
      'x-forwarded-for': sometimes(fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', "' OR 1=1 --"), 15),
      'accept-language': sometimes(fc.constantFrom('fr', 'en-US,en;q=0.9', 'xx', '*', ';q=abc'), 15),
      'x-request-id': sometimes(textArb().map(printable), 15),
      'user-agent': sometimes(textArb().map(printable), 15),
    })
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

// Mostly a few fixed addresses (the per-IP limits soon answer 429), sometimes a fresh one that gets past them.
const ipArb = fc.oneof(
  { weight: 7, arbitrary: fc.constantFrom('10.66.0.1', '10.66.0.2', '127.0.0.1') },
  { weight: 3, arbitrary: fc.constant('random') },
);

/** A value for a JSON schema: usually of the right shape, often hostile. */
export function valueFor(schema: JsonSchema | undefined, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const hostile = jsonArb(pools.text);
  if (!schema || depth > 3) return hostile;
  const shaped: Array<fc.Arbitrary<unknown>> = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') {
    const max = schema.maxLength ?? 100;
    shaped.push(
      textArb(pools.text),
      fc.string({ maxLength: Math.min(max, 60) }),
      fc.constant('x'.repeat(max + 1)),
      fc.constant('x'.repeat(max)),
    );
  } else if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? -1e9;
    const max = schema.maximum ?? 1e9;
    shaped.push(
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
      fc.constantFrom(min - 1, max + 1, 0, -1, 1.5, 2 ** 53),
      textArb(),
    );
  } else if (type === 'boolean') {
    shaped.push(fc.boolean(), fc.constantFrom('true', 'false', 1, 0, 'yes'));
  } else if (type === 'object') {
    shaped.push(objectFor(schema, pools, depth + 1));
  } else if (type === 'array') {
    shaped.push(fc.array(valueFor(schema.items, pools, depth + 1), { maxLength: 4 }));
  }
  if (shaped.length === 0) return hostile;
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: hostile });
}

/** Extra fields a client should not be able to smuggle in. */
const smuggled = fc.dictionary(
  fc.constantFrom(
    'isAdmin',
    'role',
    'userId',
    'user_id',
    'balance',
    'status',
    'id',
    'uid',
    '__proto__',
    'constructor',
    'amount_cents',
    'processedBy',
    'emailVerified',
  ),
  fc.constantFrom<unknown>(true, 'admin', 'approved', '99999.00', 999999, { isAdmin: true }, null, "' OR 1=1 --"),
  { maxKeys: 3 },
);

export function objectFor(schema: JsonSchema, pools: Pools, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, s]) =>
    fc.option(
      valueFor(s, pools, depth).map((v) => [name, v] as const),
      { freq: required.has(name) ? 12 : 3, nil: undefined },
    ),
  );
  return fc.tuple(fc.tuple(...fields), sometimes(smuggled, 15)).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const p of pairs) if (p) out[p[0]] = p[1];
    if (extra)
      for (const [k, v] of Object.entries(extra))
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

const fileDataArb: fc.Arbitrary<FileData> = fc.oneof(
  {
    weight: 300,
    arbitrary: fc.constantFrom<FileData>('png', 'png-truncated', 'png-header-only', 'pdf', 'svg', 'html', 'empty'),
  },
  { weight: 150, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b): FileData => ({ bytes: [...b] })) },
  // Rare: each one is a 6 MiB upload.
  { weight: 1, arbitrary: fc.constant<FileData>('zeros-6MiB') },
);

export const multipartArb = (pools: Pools): fc.Arbitrary<Body> =>
  fc.record({
    kind: fc.constant('multipart' as const),
    parts: fc.array(
      fc.oneof(
        fc.record({
          // previousId: a correction of a rejected deposit (the pool's texts hold the owned requests' ids).
          // documentType…: the identity form's fields (POST /api/identity).
          name: fc.constantFrom(
            'amount',
            'amount',
            'note',
            'proof',
            '__proto__',
            'previousId',
            'documentType',
            'documentNumber',
            'documentExpiry',
          ),
          value: textArb(pools.text),
        }),
        fc.record({
          name: fc.constantFrom('proof', 'proof', 'file', 'amount', 'front', 'back', 'selfie', 'address'),
          file: fc.record({
            filename: fc.constantFrom('proof.png', 'p.jpg', '../../x.png', 'a.svg', '', 'x'.repeat(300), "'; --.png"),
            type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'image/svg+xml', ''),
            data: fileDataArb,
          }),
        }),
      ),
      { maxLength: 8 },
    ),
    boundary: fc.constantFrom<'good' | 'missing' | 'wrong'>('good', 'good', 'good', 'good', 'missing', 'wrong'),
    truncate: percent(10),
  });

function bodyArb(op: { method: string; body?: JsonSchema }, pools: Pools): fc.Arbitrary<Body | undefined> {
  const json = (v: fc.Arbitrary<unknown>) => v.map((value): Body => ({ kind: 'json', value }));
  const raw = rawGarbage.map((text): Body => ({ kind: 'raw', text }));
  if (op.body) {
    return fc.oneof(
      { weight: 10, arbitrary: json(objectFor(op.body, pools)) },
      { weight: 2, arbitrary: json(jsonArb(pools.text)) },
      { weight: 1, arbitrary: raw },
      { weight: 1, arbitrary: multipartArb(pools) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
  if (op.method === 'GET')
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: json(jsonArb(pools.text)) },
    );
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: multipartArb(pools) },
    { weight: 2, arbitrary: json(jsonArb(pools.text)) },
    { weight: 1, arbitrary: raw },
  );
}

const paramValue = (pools: Pools) =>
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pools.ids) }, { weight: 4, arbitrary: textArb(pools.text) });

function queryArb(op: Operation, pools: Pools): fc.Arbitrary<string> {
  const params = op.params.filter((p) => p.in === 'query');
  const one = params.map((p) =>
    fc.option(
      fc.tuple(valueFor(p.schema, pools), percent(10)).map(([v, dup]) => {
        const pair = `${enc(p.name)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`;
        return dup ? `${pair}&${pair}` : pair;
      }),
      { freq: 2, nil: undefined },
    ),
  );
  const extra = sometimes(
    fc.oneof(
      fc.constantFrom(
        '%',
        '%%',
        '&&&',
        'a=%E0%A4%A',
        'uid[]=x',
        'uid[a]=b',
        '__proto__[x]=1',
        'userId=',
        'limit=1e3',
        'status=pending&status=approved',
      ),
      fc.tuple(textArb(), textArb(pools.text)).map(([k, v]) => `${enc(k)}=${enc(v)}`),
    ),
    20,
  );
  return fc.tuple(fc.tuple(...one), extra).map(([pairs, x]) => [...pairs, x].filter((s): s is string => !!s).join('&'));
}

/** A request to one documented operation: its path and method, or close to them. */
export function operationRequestArb(
  op: Operation,
  pools: Pools,
  who: fc.Arbitrary<Who> = whoArb,
): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const params = fc.tuple(...pathParams.map(() => paramValue(pools)));
  return fc
    .record({
      who,
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constantFrom(...allMethods) },
      ),
      params,
      rawPath: percent(15),
      query: queryArb(op, pools),
      headers: headersArb(pools),
      cookie: cookieArb(pools),
      body: bodyArb(op, pools),
      contentType: sometimes(fc.constantFrom(...contentTypes), 8),
      ip: ipArb,
    })
    .map(({ params: values, rawPath, query, ...r }) => {
      const named = Object.fromEntries(pathParams.map((p, i) => [p.name, values[i] ?? '']));
      const path = fillPath(op.path, named, rawPath);
      return { ...r, url: query ? `${path}?${query}` : path };
    });
}

/** Requests to routes the document does not list: better-auth, signed proof links, made-up paths. */
export function hiddenRequestArb(pools: Pools, who: fc.Arbitrary<Who> = whoArb): fc.Arbitrary<FuzzRequest> {
  const authKeys = [
    'userId',
    'email',
    'password',
    'newPassword',
    'currentPassword',
    'name',
    'username',
    'role',
    'token',
    'code',
    'sessionToken',
    'callbackURL',
    'redirectTo',
    'image',
    'banReason',
    'data',
    'permissions',
    'trustDevice',
    'rememberMe',
    'revokeOtherSessions',
    'query',
    'limit',
  ];
  const authValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.authTargets) },
    { weight: 5, arbitrary: jsonArb() },
  );
  const authBody = fc
    .dictionary(fc.constantFrom(...authKeys), authValue, { maxKeys: 4 })
    .map((value): Body => ({ kind: 'json', value }));
  const auth = fc
    .tuple(
      fc.constantFrom(...pools.authEndpoints),
      fc.constantFrom('GET', 'POST', 'POST'),
      textArb(pools.authTargets),
      fc.option(authBody, { freq: 6, nil: undefined }),
      fc.option(textArb(pools.authTargets), { nil: undefined }),
    )
    .map(([ep, method, param, body, q]) => ({
      method: ep.methods.includes(method) ? method : ep.methods[0]!,
      url: `/api/auth${ep.path.replace(/:\w+/g, enc(param))}${q !== undefined ? `?token=${enc(q)}&email=${enc(q)}` : ''}`,
      body,
    }));
  const proof = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...pools.proofPaths),
        textArb(),
        fc.constantFrom('../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e/x.png', 'a/1.png', 'a/1.exe'),
      ),
      fc.option(fc.oneof(fc.constantFrom('9999999999', '0', '-1', '1e3', '99999999999999'), textArb()), {
        nil: undefined,
      }),
      fc.option(textArb(), { nil: undefined }),
    )
    .map(([path, exp, sig]) => {
      const q = [exp !== undefined ? `exp=${enc(exp)}` : '', sig !== undefined ? `sig=${enc(sig)}` : '']
        .filter(Boolean)
        .join('&');
      return { method: 'GET', url: `/api/proof-files/${path}${q ? `?${q}` : ''}`, body: undefined };
    });
  const madeUp = fc
    .tuple(
      fc.constantFrom(
        '/api/',
        '/api/admin/',
        '/api/admin',
        '/api/accounts/',
        '/',
        '/embed/',
        '/api/docs/',
        '/api/deposits/',
        '/api/investments/',
      ),
      textArb(pools.text),
      fc.constantFrom(...allMethods),
    )
    .map(([prefix, rest, method]) => ({ method, url: prefix + enc(rest).slice(0, 2_000), body: undefined }));
  const fixed = fc.constantFrom(
    { method: 'GET', url: '/healthz', body: undefined },
    { method: 'GET', url: '/readyz', body: undefined },
    { method: 'GET', url: '/metrics', body: undefined },
    { method: 'GET', url: '/embed/charts.html', body: undefined },
    { method: 'GET', url: '/api/openapi.json', body: undefined },
  );
  return fc
    .record({
      who,
      target: fc.oneof(
        { weight: 6, arbitrary: auth },
        { weight: 2, arbitrary: proof },
        { weight: 3, arbitrary: madeUp },
        { weight: 1, arbitrary: fixed },
      ),
      headers: headersArb(pools),
      cookie: cookieArb(pools),
      contentType: sometimes(fc.constantFrom(...contentTypes), 8),
      ip: ipArb,
    })
    .map(({ target, ...r }): FuzzRequest => ({ ...r, method: target.method, url: target.url, body: target.body }));
}

/** A fresh IP when the request asks for one (so that some attempts get past the per-IP limits). */
export function resolveIp(ip: string): string {
  if (ip !== 'random') return ip;
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
