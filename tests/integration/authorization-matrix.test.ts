import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { testDialect } from '../support/db';
import { fillPath, keyOf, operationsOf, type Operation } from '../support/fuzz/openapi';
import { stateOf } from '../support/fuzz/state';
import { BTC_ADDRESS, createWorld, multipartDeposit, type PersonaName, type World } from '../support/fuzz/world';
import { fund } from '../support/money';
import { cookieFrom, createUser, login, someIp, type TestUser } from '../support/users';

/**
 * Issue 8: every route × {anonymous, user, another user, admin}. The routes come from the OpenAPI
 * document, so a new route without an entry below fails the first test: whoever adds a route
 * declares here who may call it.
 */
/** `optional`: anyone; a visitor gets `null` instead of a 401 (GET /api/me, so public pages log no failed request). */
type Access = 'public' | 'optional' | 'user' | 'admin';
type Who = 'anonymous' | PersonaName;

interface Ctx {
  w: World;
  /** Ids owned by `user` (the first person); `other` must never reach them. */
  target: {
    investment: string;
    deposit: string;
    withdrawal: string;
    conversation: string;
    closable: string;
    alert: string;
    identity: string;
  };
}

interface Entry {
  access: Access;
  /** A request the caller is entitled to make, shaped so that validation passes and the guard decides. */
  req?: (c: Ctx) => { params?: Record<string, string>; query?: string; payload?: unknown };
  /** Ends or revokes sessions when it succeeds: called with a throwaway session, the persona signs in again after. */
  endsSession?: boolean;
  /** A public route whose own answer to a caller without the right state is `unauthorized`. */
  answersUnauthorized?: boolean;
}

const wrongPassword = 'not-the-password-1';

/** A complete identity submission (the four images are the world's sample PNG). */
function identityForm(png: Buffer): FormData {
  const data = new FormData();
  data.append('documentType', 'id_card');
  data.append('documentNumber', 'MATRIX1234');
  data.append('documentExpiry', '2035-01-01');
  for (const slot of ['front', 'back', 'selfie', 'address'])
    data.append(slot, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${slot}.png`);
  return data;
}
const matrix: Record<string, Entry> = {
  'POST /api/accounts/signup': {
    access: 'public',
    req: () => ({
      payload: {
        firstName: 'A',
        lastName: 'B',
        username: 'matrix_x',
        email: 'matrix@example.test',
        password: 'password-123',
        confirmPassword: 'password-123',
        birthDate: '1990-01-01',
        country: 'FR',
        phone: '0612345678',
        acceptTerms: false,
      },
    }),
  },
  'POST /api/accounts/login': {
    access: 'public',
    req: () => ({ payload: { email: 'nobody@example.test', password: wrongPassword } }),
  },
  'POST /api/accounts/admin-login': {
    access: 'public',
    req: () => ({ payload: { email: 'nobody@example.test', password: wrongPassword } }),
  },
  // Public, but without the cookie of a password step it answers `unauthorized` itself.
  'POST /api/accounts/login/two-factor': {
    access: 'public',
    req: () => ({ payload: { code: '000000' } }),
    answersUnauthorized: true,
  },
  'POST /api/accounts/logout': { access: 'public', endsSession: true },
  'POST /api/accounts/password/forgot': {
    access: 'public',
    req: () => ({ payload: { email: 'nobody@example.test' } }),
  },
  'POST /api/accounts/password/reset': {
    access: 'public',
    req: () => ({ payload: { token: 'forged-token', newPassword: 'password-456', confirmPassword: 'password-456' } }),
  },
  // The links of e-mails: a forged token changes nothing and sends the browser on (303).
  'GET /api/accounts/verify-email': { access: 'public', req: () => ({ query: 'token=forged.1.x' }) },
  'GET /api/accounts/sign-in/unlock': { access: 'public', req: () => ({ query: 'token=forged.1.x' }) },
  'GET /api/public/config': { access: 'public' },
  'GET /api/market/btc': { access: 'public' },
  'GET /api/market/btc/history': { access: 'public', req: () => ({ query: 'days=30' }) },
  // Each deposit coin's rate: market data, like BTC's price (decision 056).
  'GET /api/market/rates': { access: 'public' },
  'GET /api/market/rates/{coin}': { access: 'public', req: () => ({ params: { coin: 'LTC' } }) },
  // Browsers' vitals: anyone may send them, and they carry no one's data (decision 030).
  'POST /api/vitals': {
    access: 'public',
    req: () => ({ payload: { vitals: [{ route: '/', name: 'CLS', value: 0 }] } }),
  },
  // A screen that did not load in a browser: likewise (decision 048).
  'POST /api/client-errors': {
    access: 'public',
    req: () => ({ payload: { route: '/invest', kind: 'screen_load_timeout' } }),
  },

  'GET /api/me': { access: 'optional' },
  'PATCH /api/me/locale': { access: 'user', req: () => ({ payload: { locale: 'fr' } }) },
  'GET /api/accounts/sessions': { access: 'user' },
  'POST /api/accounts/verify-email/resend': { access: 'user' },
  'POST /api/accounts/sessions/revoke-others': { access: 'user', endsSession: true },
  'POST /api/accounts/sessions/revoke-all': { access: 'user', endsSession: true },
  'POST /api/accounts/password': {
    access: 'user',
    req: () => ({
      payload: { currentPassword: wrongPassword, newPassword: 'password-456', confirmPassword: 'password-456' },
    }),
  },
  'POST /api/accounts/two-factor/enable': { access: 'user', req: () => ({ payload: { password: wrongPassword } }) },
  'POST /api/accounts/two-factor/confirm': { access: 'user', req: () => ({ payload: { code: '000000' } }) },
  'POST /api/accounts/two-factor/disable': { access: 'user', req: () => ({ payload: { password: wrongPassword } }) },
  'POST /api/investments': { access: 'user', req: () => ({ payload: { area: 'stocks', amount: '1.00' } }) },
  'GET /api/investments': { access: 'user' },
  // The id is the first person's: everybody else gets 404 (checked below with the state).
  'POST /api/investments/{id}/stop': { access: 'user', req: (c) => ({ params: { id: c.target.investment } }) },
  'GET /api/transfers/recipient': { access: 'user', req: (c) => ({ query: `uid=${c.w.victim.uid}` }) },
  'POST /api/transfers': {
    access: 'user',
    req: (c) => ({ payload: { recipientUid: c.w.victim.uid, amount: '1.00' } }),
  },
  'GET /api/deposits/addresses': { access: 'user' },
  'GET /api/deposits/chain-payments': { access: 'user' },
  // No claims configured here: an investor is answered chain_claim_coin_unknown, writing nothing.
  'POST /api/deposits/chain-claims': { access: 'user', req: () => ({ payload: { coin: 'SOL', txid: '1' } }) },
  'GET /api/deposits/chain-senders': { access: 'user' },
  // No claims configured here either: chain_claim_coin_unknown, nothing written.
  'POST /api/deposits/chain-senders': { access: 'user', req: () => ({ payload: { coin: 'SOL', address: '1' } }) },
  'GET /api/withdrawals/chain-hold': { access: 'user' },
  'POST /api/deposits': {
    access: 'user',
    req: (c) => ({ payload: multipartDeposit('1.00', { bytes: c.w.png, name: 'proof.png', type: 'image/png' }) }),
  },
  'POST /api/withdrawals': {
    access: 'user',
    req: () => ({ payload: { amount: '1.00', crypto: 'BTC', address: BTC_ADDRESS } }),
  },
  'GET /api/cashier/history': { access: 'user' },
  'GET /api/identity': { access: 'user' },
  'POST /api/identity': { access: 'user', req: (c) => ({ payload: identityForm(c.w.png) }) },
  'GET /api/limits': { access: 'user' },
  'GET /api/closure': { access: 'user' },
  // A wrong password: nobody's account is closed by the matrix.
  'POST /api/closure': { access: 'user', req: () => ({ payload: { password: 'not-the-password' } }) },
  'POST /api/closure/cancel': { access: 'user' },
  'POST /api/closure/erasure': { access: 'user', req: () => ({ payload: {} }) },
  'GET /api/portfolio': { access: 'user' },
  'GET /api/portfolio/investments': { access: 'user' },
  'GET /api/portfolio/history': { access: 'user' },
  'GET /api/assistant/facts/{topic}': { access: 'user', req: () => ({ params: { topic: 'withdraw' } }) },
  // Which topic a message is about: visitors ask the assistant too, and it reads no one's data (decision 064).
  'POST /api/assistant/intent': { access: 'public', req: () => ({ payload: { text: 'comment retirer ?' } }) },
  'POST /api/support/conversations': {
    access: 'user',
    req: () => ({ payload: { reason: 'human', question: 'matrix' } }),
  },
  'GET /api/support/conversations': { access: 'user' },
  'GET /api/support/conversations/{id}': { access: 'user', req: (c) => ({ params: { id: c.target.conversation } }) },
  'POST /api/support/conversations/{id}/messages': {
    access: 'user',
    req: (c) => ({ params: { id: c.target.conversation }, payload: { body: 'matrix' } }),
  },
  'GET /api/admin/support/conversations': { access: 'admin', req: () => ({ query: 'state=waiting' }) },
  'GET /api/admin/support/conversations/{id}': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.conversation } }),
  },
  'POST /api/admin/support/conversations/{id}/messages': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.conversation }, payload: { body: 'matrix' } }),
  },
  'POST /api/admin/support/conversations/{id}/assign': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.conversation } }),
  },
  'POST /api/admin/support/conversations/{id}/close': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.closable } }),
  },
  'GET /api/statement': { access: 'user' },
  'GET /api/statement.csv': { access: 'user' },
  'GET /api/liabilities/rounds': { access: 'public' },
  // Only the caller's own proof: nobody's id is in the path, so another person cannot ask for it.
  'GET /api/liabilities/rounds/{round}/proof': { access: 'user', req: () => ({ params: { round: '1' } }) },
  'GET /api/liabilities/nonce': { access: 'user' },
  'GET /api/schemas/data-export/v1.json': { access: 'public' },
  'GET /api/schemas/data-export/v2.json': { access: 'public' },
  'GET /api/data-export': { access: 'user' },
  'POST /api/data-export': { access: 'user', req: () => ({ payload: { password: wrongPassword } }) },
  // Another person's export (or none) does not exist for the caller: 404 whatever the link.
  'GET /api/data-export/{id}/download': {
    access: 'user',
    req: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' }, query: 'exp=1&sig=x' }),
  },

  'GET /api/admin/deposits': { access: 'admin', req: () => ({ query: 'status=pending' }) },
  'GET /api/admin/withdrawals': { access: 'admin', req: () => ({ query: 'status=pending' }) },
  'GET /api/admin/chain/refunds': { access: 'admin' },
  // No such payment: an operator gets 404, everybody else is refused before that.
  'POST /api/admin/chain/refunds/{coin}/{txid}/{vout}': {
    access: 'admin',
    req: () => ({ params: { coin: 'BTC', txid: 'ab'.repeat(32), vout: '0' }, payload: { txid: 'cd'.repeat(32) } }),
  },
  'POST /api/admin/deposits/{id}/approve': { access: 'admin', req: (c) => ({ params: { id: c.target.deposit } }) },
  'POST /api/admin/deposits/{id}/reject': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.deposit }, payload: { reason: 'duplicate_request', note: 'matrix' } }),
  },
  'POST /api/admin/withdrawals/{id}/approve': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.withdrawal } }),
  },
  'POST /api/admin/withdrawals/{id}/reject': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.withdrawal }, payload: { reason: 'duplicate_request', note: 'matrix' } }),
  },
  'GET /api/admin/deposits/{id}/proof': { access: 'admin', req: (c) => ({ params: { id: c.target.deposit } }) },
  'GET /api/admin/identities': { access: 'admin', req: () => ({ query: 'status=pending' }) },
  'POST /api/admin/identities/{id}/verify': { access: 'admin', req: (c) => ({ params: { id: c.target.identity } }) },
  'POST /api/admin/identities/{id}/reject': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.identity }, payload: { reason: 'identity_document_unreadable' } }),
  },
  'GET /api/admin/identities/{id}/files': { access: 'admin', req: (c) => ({ params: { id: c.target.identity } }) },
  'GET /api/admin/overview': { access: 'admin' },
  'POST /api/admin/verifications': { access: 'admin' },
  'POST /api/admin/outbox/retry': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin', req: (c) => ({ query: `q=${c.w.victim.uid}` }) },
  'GET /api/admin/users/{id}': { access: 'admin', req: (c) => ({ params: { id: c.w.victim.id } }) },
  'GET /api/admin/users/{id}/statement': { access: 'admin', req: (c) => ({ params: { id: c.w.victim.id } }) },
  // The victim's sessions: nobody signs in as the victim, so no persona loses its session.
  'DELETE /api/admin/users/{id}/sessions': { access: 'admin', req: (c) => ({ params: { id: c.w.victim.id } }) },
  'DELETE /api/admin/users/{id}/sessions/{sessionId}': {
    access: 'admin',
    req: (c) => ({ params: { id: c.w.victim.id, sessionId: 'no-such-session' } }),
  },
  'GET /api/admin/users/{id}/audit': { access: 'admin', req: (c) => ({ params: { id: c.w.victim.id } }) },
  'GET /api/admin/audit': { access: 'admin', req: (c) => ({ query: `actor=${c.w.victim.uid}` }) },
  'GET /api/admin/audit.csv': { access: 'admin', req: () => ({ query: 'lang=en' }) },
  'GET /api/admin/audit/integrity': { access: 'admin' },
  // Monitoring alerts: operators only, investors and visitors never see one (decision 035).
  'GET /api/admin/alerts': { access: 'admin', req: () => ({ query: 'status=all' }) },
  'POST /api/admin/alerts/{id}/resolve': {
    access: 'admin',
    req: (c) => ({ params: { id: c.target.alert }, payload: { note: 'matrix' } }),
  },
  // Blockchain holds (decision 058): a hold nobody has, the guard decides.
  'GET /api/admin/chain/holds': { access: 'admin', req: () => ({ query: 'status=released' }) },
  'POST /api/admin/chain/holds/release': {
    access: 'admin',
    req: () => ({ payload: { id: `BTC-${'ab'.repeat(32)}-0-${'cd'.repeat(32)}`, note: 'matrix' } }),
  },
  // A UID nobody has: the guard decides, no persona is frozen for the routes after.
  'GET /api/admin/users/{uid}/freeze': { access: 'admin', req: () => ({ params: { uid: 'ATU000000' } }) },
  'POST /api/admin/users/{uid}/freeze': {
    access: 'admin',
    req: () => ({ params: { uid: 'ATU000000' }, payload: { reason: 'matrix' } }),
  },
  'POST /api/admin/users/{uid}/unfreeze': {
    access: 'admin',
    req: () => ({ params: { uid: 'ATU000000' }, payload: { reason: 'matrix' } }),
  },
};

/** Routes the document hides on purpose, with who may call them (checked separately below). */
const hidden: Record<string, Access | 'signed-link' | 'local'> = {
  'GET /api/events': 'user',
  'GET /api/proof-files/*': 'signed-link',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // This machine, or a METRICS_TOKEN bearer (tests/integration/foundation.test.ts).
  'GET /metrics': 'local',
  'GET /embed/charts.html': 'public',
};

/**
 * better-auth's endpoints under /api/auth (mounted as a pass-through): public ones, ones for a
 * signed-in person, operator-only ones, and ones our configuration closes to everybody.
 */
/**
 * better-auth's endpoints. Only two are forwarded under /api/auth (signing out, and the reset link
 * of the e-mail); every other one answers 404 to everybody, operators included: sign-in, sessions,
 * passwords and two-factor go through our own /api/accounts routes, and the admin plugin's
 * endpoints (impersonate, set password, remove user…) are nobody's job.
 */
const betterAuth: Record<string, 'public' | 'closed'> = {
  '/sign-in/social': 'closed',
  '/callback/:id': 'closed',
  '/get-session': 'closed',
  '/sign-out': 'public',
  '/sign-up/email': 'closed',
  '/sign-in/email': 'closed',
  '/reset-password': 'closed',
  '/verify-password': 'closed',
  '/verify-email': 'closed',
  '/send-verification-email': 'closed',
  '/change-email': 'closed',
  '/change-password': 'closed',
  '/update-session': 'closed',
  '/update-user': 'closed',
  '/delete-user': 'closed',
  '/request-password-reset': 'closed',
  '/reset-password/:token': 'public',
  '/list-sessions': 'closed',
  '/revoke-session': 'closed',
  '/revoke-sessions': 'closed',
  '/revoke-other-sessions': 'closed',
  '/link-social': 'closed',
  '/list-accounts': 'closed',
  '/delete-user/callback': 'closed',
  '/unlink-account': 'closed',
  '/refresh-token': 'closed',
  '/get-access-token': 'closed',
  '/account-info': 'closed',
  '/sign-in/username': 'closed',
  '/is-username-available': 'closed',
  '/admin/set-role': 'closed',
  '/admin/get-user': 'closed',
  '/admin/create-user': 'closed',
  '/admin/update-user': 'closed',
  '/admin/list-users': 'closed',
  '/admin/list-user-sessions': 'closed',
  '/admin/unban-user': 'closed',
  '/admin/ban-user': 'closed',
  '/admin/impersonate-user': 'closed',
  '/admin/revoke-user-session': 'closed',
  '/admin/revoke-user-sessions': 'closed',
  '/admin/remove-user': 'closed',
  '/admin/set-user-password': 'closed',
  '/admin/stop-impersonating': 'closed',
  '/admin/has-permission': 'closed',
  '/two-factor/get-totp-uri': 'closed',
  '/two-factor/verify-totp': 'closed',
  '/two-factor/send-otp': 'closed',
  '/two-factor/verify-otp': 'closed',
  '/two-factor/verify-backup-code': 'closed',
  '/two-factor/generate-backup-codes': 'closed',
  '/two-factor/enable': 'closed',
  '/two-factor/disable': 'closed',
  '/ok': 'closed',
  '/error': 'closed',
};

const whos: Who[] = ['anonymous', 'user', 'other', 'admin'];

describe(`authorization matrix: every route × {anonymous, user, another user, admin} (${testDialect})`, () => {
  let w: World;
  let ctx: Ctx;
  let ops: Operation[];
  let authEndpoints: Array<{ path: string; methods: string[] }>;

  const cookieOf = (who: Who) => (who === 'anonymous' ? undefined : w.personas[who].cookie);
  const inject = (
    who: Who | { cookie: string },
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const cookie = typeof who === 'string' ? cookieOf(who) : who.cookie;
    return w.t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as never,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: someIp(),
    });
  };
  const errorCode = (body: string): string | undefined => {
    try {
      return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
    } catch {
      return undefined;
    }
  };

  beforeAll(async () => {
    w = await createWorld();
    ops = operationsOf((await w.t.app.inject('/api/openapi.json')).json());
    const { investments, deposits, withdrawals, conversations } = w.owned.user;
    ctx = {
      w,
      target: {
        investment: investments[1]!,
        deposit: deposits[2]!,
        withdrawal: withdrawals[2]!,
        conversation: conversations[0]!,
        // One open conversation per person: the one the matrix closes is the other person's.
        closable: w.owned.other.conversations[0]!,
        alert: w.alerts[0]!,
        identity: '',
      },
    };
    // The first person's identity submission, pending: operators' routes act on it.
    const submitted = await inject('user', 'POST', '/api/identity', identityForm(w.png), {
      origin: 'http://localhost:3000',
    });
    if (submitted.statusCode !== 201) throw new Error(`identity seed: ${submitted.statusCode} ${submitted.body}`);
    ctx.target.identity = (submitted.json() as { current: { id: string } }).current.id;
    const api = w.t.app.services.accounts.auth.api as unknown as Record<
      string,
      { path?: string; options?: { method?: string | string[] } }
    >;
    authEndpoints = Object.values(api)
      .filter((ep) => typeof ep.path === 'string')
      .map((ep) => ({ path: ep.path!, methods: ([] as string[]).concat(ep.options?.method ?? 'POST') }));
  }, 60_000);
  afterAll(async () => w?.close());

  it('has an entry for every documented route, and none for a route that is gone', () => {
    const documented = ops.map(keyOf).sort();
    expect(
      documented.filter((k) => !(k in matrix)),
      'routes without an access entry in the matrix',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((k) => !documented.includes(k)),
      'matrix entries for routes that no longer exist',
    ).toEqual([]);
  });

  it('knows every hidden route it checks, and every better-auth endpoint', () => {
    for (const key of Object.keys(hidden)) {
      const [method, url] = key.split(' ');
      expect(w.t.app.hasRoute({ method: method as 'GET', url: url! }), key).toBe(true);
    }
    const paths = authEndpoints.map((e) => e.path).sort();
    expect(
      paths.filter((p) => !(p in betterAuth)),
      'better-auth endpoints without an entry',
    ).toEqual([]);
    expect(
      Object.keys(betterAuth).filter((p) => !paths.includes(p)),
      'entries for better-auth endpoints that are gone',
    ).toEqual([]);
  });

  describe.each(Object.keys(matrix))('%s', (key) => {
    it.each(whos)('as %s', async (who) => {
      const entry = matrix[key]!;
      const op = ops.find((o) => keyOf(o) === key)!;
      const r = entry.req?.(ctx) ?? {};
      const url = fillPath(op.path, r.params ?? {}) + (r.query ? `?${r.query}` : '');
      // A throwaway session for requests that end sessions, so that the persona keeps its own.
      const caller: Who | { cookie: string } =
        entry.endsSession && who !== 'anonymous'
          ? { cookie: await login(w.t, w.personas[who].email, w.personas[who].password) }
          : who;
      const before = await stateOf(w.t.ctx.db);
      const res = await inject(
        caller,
        op.method,
        url,
        r.payload ?? (op.body ? {} : undefined),
        op.method === 'POST' ? { origin: 'http://localhost:3000' } : {},
      );
      const code = errorCode(res.body);
      const what = `${key} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBeLessThan(500);

      const open = entry.access === 'public' || entry.access === 'optional';
      const refusedAs = open
        ? null
        : who === 'anonymous'
          ? 401
          : entry.access === 'admin' && who !== 'admin'
            ? 403
            : null;
      if (entry.access === 'optional' && who === 'anonymous') {
        expect(res.statusCode, what).toBe(200);
        expect(res.json(), what).toBeNull();
      } else if (entry.answersUnauthorized) {
        expect(code, what).not.toBe('forbidden');
      } else if (refusedAs) {
        expect(res.statusCode, what).toBe(refusedAs);
        expect(code, what).toBe(refusedAs === 401 ? 'unauthorized' : 'forbidden');
      } else {
        expect(['unauthorized', 'forbidden'], what).not.toContain(code);
      }
      // Nobody stops another person's investment: it does not exist for them.
      if (key === 'POST /api/investments/{id}/stop' && who !== 'user' && who !== 'anonymous') {
        expect(res.statusCode, what).toBe(404);
        expect(code).toBe('investment_not_found');
      }
      // An investor's conversation does not exist for anyone else, operators reading it as investors included.
      if (
        key.startsWith('GET /api/support/conversations/{id}') ||
        key.startsWith('POST /api/support/conversations/{id}/')
      )
        if (who === 'other' || who === 'admin') {
          expect(res.statusCode, what).toBe(404);
          expect(code).toBe('conversation_not_found');
        }
      if (refusedAs || res.statusCode === 404)
        expect(await stateOf(w.t.ctx.db), `${what}: a refused request changed something`).toBe(before);
      if (entry.endsSession && who !== 'anonymous') await w.ensureSignedIn(who);
    });
  });

  describe('hidden routes', () => {
    it('/api/events needs a session; health, docs and embeds are public; metrics only from this machine', async () => {
      expect((await inject('anonymous', 'GET', '/api/events')).statusCode).toBe(401);
      expect((await w.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(
        403,
      );
      expect((await w.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(
        200,
      );
      for (const [key, access] of Object.entries(hidden)) {
        if (access !== 'public') continue;
        const url = key.split(' ')[1]!;
        const res = await inject('anonymous', 'GET', url === '/api/docs' ? '/api/docs/' : url);
        expect(res.statusCode, key).toBeLessThan(400);
      }
    });
  });

  describe('better-auth endpoints under /api/auth', () => {
    const attempt = async (who: Who, path: string, method: string) => {
      const url = `/api/auth${path.replace(/:\w+/g, 'x')}${method === 'GET' ? `?id=${w.victim.id}&userId=${w.victim.id}` : ''}`;
      const body =
        method === 'GET'
          ? undefined
          : {
              userId: w.victim.id,
              role: 'admin',
              email: w.victim.email,
              password: 'password-999',
              newPassword: 'password-999',
              name: 'Owned',
              data: { role: 'admin' },
              sessionToken: 'x',
              banReason: 'matrix',
            };
      return inject(who, method, url, body, { origin: 'http://localhost:3000' });
    };

    it.each(['anonymous', 'user', 'other', 'admin'] as const)(
      'answers 404 to %s on every endpoint that is not forwarded, and changes nothing',
      async (who) => {
        for (const ep of authEndpoints.filter((e) => betterAuth[e.path] === 'closed')) {
          for (const method of ep.methods) {
            const before = await stateOf(w.t.ctx.db);
            const res = await attempt(who, ep.path, method);
            const what = `${method} ${ep.path} as ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, what).toBe(404);
            expect(errorCode(res.body), what).toBe('not_found');
            expect(await stateOf(w.t.ctx.db), `${what}: changed something`).toBe(before);
          }
        }
      },
    );

    it('a person cannot make themselves an operator, nor rename or revoke someone else', async () => {
      const { user, other } = w.personas;
      const before = await stateOf(w.t.ctx.db);
      await inject(
        'user',
        'POST',
        '/api/auth/update-user',
        { role: 'admin', userId: other.id, name: 'Hijacked' },
        { origin: 'http://localhost:3000' },
      );
      const users = await w.t.ctx.db
        .selectFrom('user')
        .select(['id', 'role', 'name'])
        .where('id', 'in', [user.id, other.id])
        .execute();
      expect(users.find((u) => u.id === user.id)?.role ?? null).not.toBe('admin');
      expect(users.find((u) => u.id === other.id)?.name).not.toBe('Hijacked');
      const otherToken = (
        await w.t.ctx.db.selectFrom('session').select('token').where('userId', '=', other.id).execute()
      ).map((s) => s.token);
      for (const token of otherToken)
        await inject('user', 'POST', '/api/auth/revoke-session', { token }, { origin: 'http://localhost:3000' });
      expect((await inject('other', 'GET', '/api/me')).statusCode).toBe(200);
      const listed = await inject('user', 'GET', '/api/auth/list-sessions');
      for (const token of otherToken) expect(listed.body).not.toContain(token);
      // Whatever update-user accepted, nothing about money, roles or other people changed.
      const after = JSON.parse(await stateOf(w.t.ctx.db)) as Record<string, unknown>;
      const was = JSON.parse(before) as Record<string, unknown>;
      for (const k of ['balances', 'deposits', 'withdrawals', 'investments', 'passwords', 'profiles'])
        expect(after[k], k).toEqual(was[k]);
    });
  });

  describe('nobody reads or changes what is not theirs', () => {
    const markers = () => {
      const { investments, deposits, withdrawals } = w.owned.user;
      return [...investments, ...deposits, ...withdrawals, w.personas.user.email];
    };
    const reads = [
      '/api/me',
      '/api/investments',
      '/api/cashier/history',
      '/api/statement',
      '/api/statement.csv',
      '/api/portfolio',
      '/api/portfolio/investments',
      '/api/portfolio/history',
      '/api/accounts/sessions',
    ];

    it.each(reads)('%s shows the caller only their own things, whatever the query says', async (url) => {
      const { user } = w.personas;
      const smuggled = `?userId=${user.id}&user_id=${user.id}&uid=${user.uid}&id=${user.id}`;
      for (const who of ['other', 'admin'] as const) {
        for (const u of [url, url + smuggled]) {
          const res = await inject(who, 'GET', u);
          expect(res.statusCode, `${u} as ${who}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          for (const m of markers()) expect(res.body, `${u} as ${who} shows ${m}`).not.toContain(m);
        }
      }
    });

    it('…while the owner does see them (so the check above can fail)', async () => {
      const seen = (await Promise.all(reads.map(async (url) => (await inject('user', 'GET', url)).body))).join('\n');
      const active = await w.t.ctx.db
        .selectFrom('investment')
        .select('id')
        .where('user_id', '=', w.personas.user.id)
        .where('is_active', '=', 1)
        .execute();
      expect(active.length).toBeGreaterThan(0);
      const { deposits, withdrawals } = w.owned.user;
      for (const m of [...active.map((a) => a.id), ...deposits, ...withdrawals, w.personas.user.email])
        expect(seen).toContain(m);
    });

    it("cannot correct another person's rejected deposit or withdrawal", async () => {
      // The first person's second deposit and second withdrawal were rejected for reasons they may fix.
      const deposit = w.owned.user.deposits[1]!;
      const withdrawal = w.owned.user.withdrawals[1]!;
      for (const who of ['other', 'admin'] as const) {
        const before = await stateOf(w.t.ctx.db);
        const form = multipartDeposit('1.00', { bytes: w.png, name: 'proof.png', type: 'image/png' });
        form.append('previousId', deposit);
        const tries = [
          await inject(who, 'POST', '/api/deposits', form),
          await inject(who, 'POST', '/api/withdrawals', {
            amount: '1.00',
            crypto: 'BTC',
            address: BTC_ADDRESS,
            previousId: withdrawal,
          }),
        ];
        for (const res of tries) {
          expect(res.statusCode, `${who}: ${res.body}`).toBe(409);
          expect(errorCode(res.body)).toBe('correction_not_allowed');
        }
        expect(await stateOf(w.t.ctx.db)).toBe(before);
      }
      // The owner may (so the refusals above can fail): checked without sending, by the history.
      const history = (await inject('user', 'GET', '/api/cashier/history')).json() as {
        deposits: Array<{ id: string; rejection: { canCorrect: boolean } | null }>;
        withdrawals: Array<{ id: string; rejection: { canCorrect: boolean } | null }>;
      };
      expect(history.deposits.find((d) => d.id === deposit)?.rejection?.canCorrect).toBe(true);
      expect(history.withdrawals.find((d) => d.id === withdrawal)?.rejection?.canCorrect).toBe(true);
    });

    it("cannot stop another person's investment, even once it could be stopped", async () => {
      w.t.clock.advance(6 * DAY_MS);
      const id = w.owned.user.investments[2]!;
      for (const who of ['other', 'admin'] as const) {
        const before = await stateOf(w.t.ctx.db);
        const res = await inject(who, 'POST', `/api/investments/${id}/stop`, undefined, {
          'idempotency-key': `stop-${who}`,
        });
        expect(res.statusCode).toBe(404);
        expect(await stateOf(w.t.ctx.db)).toBe(before);
      }
      expect((await inject('user', 'POST', `/api/investments/${id}/stop`)).statusCode).toBe(200);
    });

    it('ids and owners smuggled into bodies are ignored: money moves only from the caller', async () => {
      const { user, other, admin } = w.personas;
      const balance = async (u: TestUser) =>
        (await inject({ cookie: u.cookie }, 'GET', '/api/me')).json().balance as string;
      const userBefore = await balance(user);
      const otherBefore = await balance(other);
      const extra = { userId: user.id, user_id: user.id, senderId: user.id, senderUid: user.uid, ownerId: user.id };
      expect(
        (await inject('other', 'POST', '/api/transfers', { recipientUid: admin.uid, amount: '2.00', ...extra }))
          .statusCode,
      ).toBe(201);
      expect(
        (await inject('other', 'POST', '/api/investments', { area: 'stocks', amount: '3.00', ...extra })).statusCode,
      ).toBe(201);
      const wd = await inject('other', 'POST', '/api/withdrawals', {
        amount: '4.00',
        crypto: 'BTC',
        address: BTC_ADDRESS,
        ...extra,
      });
      expect(wd.statusCode).toBe(201);
      const form = multipartDeposit('5.00', { bytes: w.png, name: 'proof.png', type: 'image/png' });
      form.append('userId', user.id);
      const dep = await inject('other', 'POST', '/api/deposits', form);
      expect(dep.statusCode).toBe(201);
      expect(await balance(user)).toBe(userBefore);
      expect(Number(await balance(other))).toBeCloseTo(Number(otherBefore) - 9, 2);
      const owners = await w.t.ctx.db
        .selectFrom('withdrawal_request')
        .select('user_id')
        .where('id', '=', wd.json().id)
        .executeTakeFirstOrThrow();
      expect(owners.user_id).toBe(other.id);
      expect(
        (
          await w.t.ctx.db
            .selectFrom('deposit_request')
            .select('user_id')
            .where('id', '=', dep.json().id)
            .executeTakeFirstOrThrow()
        ).user_id,
      ).toBe(other.id);
    });

    describe('proof links', () => {
      const link = async (depositId: string) =>
        (await inject('admin', 'GET', `/api/admin/deposits/${depositId}/proof`)).json() as { url: string };

      it('only operators get them; non-operators get 401/403 for anyone’s deposit', async () => {
        for (const id of [w.owned.user.deposits[0]!, w.owned.other.deposits[0]!]) {
          expect((await inject('anonymous', 'GET', `/api/admin/deposits/${id}/proof`)).statusCode).toBe(401);
          expect((await inject('user', 'GET', `/api/admin/deposits/${id}/proof`)).statusCode).toBe(403);
          expect((await inject('other', 'GET', `/api/admin/deposits/${id}/proof`)).statusCode).toBe(403);
        }
      });

      it('a link opens its own proof only: tampered, re-pointed to another person’s proof, or expired, it is refused', async () => {
        const mine = await link(w.owned.user.deposits[0]!);
        const theirs = await link(w.owned.other.deposits[0]!);
        expect((await inject('anonymous', 'GET', mine.url)).statusCode).toBe(200);
        const [minePath, mineQuery] = mine.url.split('?');
        const [theirPath] = theirs.url.split('?');
        expect(minePath).not.toBe(theirPath);
        const forged = [
          `${theirPath}?${mineQuery}`,
          mine.url.replace(/sig=([^&])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
          mine.url.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`),
          mine.url.replace(/&sig=[^&]*/, ''),
          minePath!,
          `${minePath}?exp=99999999999&sig=`,
          mine.url.replace('/api/proof-files/', '/api/proof-files/../'),
        ];
        for (const url of forged) {
          const res = await inject('other', 'GET', url);
          expect(res.statusCode, `${url} → ${res.statusCode}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, url).toBeLessThan(500);
          expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
        }
        w.t.clock.advance(3601_000);
        expect((await inject('admin', 'GET', mine.url)).statusCode).toBe(403);
      });
    });
  });
  // better-auth's admin plugin endpoints would let an operator impersonate an investor and move
  // their money, set any person's password, delete a person who holds money, create accounts
  // without a profile or give roles outside `npm run admin`: none of them is forwarded.
  describe('operators cannot act as investors through better-auth', () => {
    const closedForOperators = Object.entries(betterAuth)
      .filter(([path, access]) => path.startsWith('/admin/') && access === 'closed')
      .map(([path]) => path);

    it.each(closedForOperators)('POST /api/auth%s as an operator is refused and changes nothing', async (path) => {
      const target = await createUser(w.t);
      await fund(w.t.ctx, target.id, 10_000);
      const before = await stateOf(w.t.ctx.db);
      const bodies: Record<string, object> = {
        '/admin/set-role': { userId: target.id, role: 'admin' },
        '/admin/create-user': { email: `made.${target.uid}@example.test`, password: 'password-123', name: 'Made' },
        '/admin/update-user': { userId: target.id, data: { name: 'Renamed' } },
        '/admin/impersonate-user': { userId: target.id },
        '/admin/remove-user': { userId: target.id },
        '/admin/set-user-password': { userId: target.id, newPassword: 'taken-over-1' },
      };
      const res = await inject('admin', 'POST', `/api/auth${path}`, bodies[path] ?? { userId: target.id }, {
        origin: 'http://localhost:3000',
      });
      expect(res.statusCode, `${path} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(await stateOf(w.t.ctx.db), `${path} changed something`).toBe(before);
    });

    it("an operator cannot move an investor's money by impersonating them", async () => {
      const target = await createUser(w.t);
      await fund(w.t.ctx, target.id, 10_000);
      const imp = await inject(
        'admin',
        'POST',
        '/api/auth/admin/impersonate-user',
        { userId: target.id },
        { origin: 'http://localhost:3000' },
      );
      const cookie = cookieFrom(imp.headers['set-cookie']);
      const moved = await inject({ cookie }, 'POST', '/api/transfers', {
        recipientUid: w.personas.admin.uid,
        amount: '100.00',
      });
      expect(moved.statusCode, moved.body).toBeGreaterThanOrEqual(400);
      const balance = await w.t.ctx.db
        .selectFrom('ledger_account')
        .select('balance_cents')
        .where('id', '=', `u:${target.id}:available`)
        .executeTakeFirstOrThrow();
      expect(Number(balance.balance_cents)).toBe(10_000);
    });
  });
});
