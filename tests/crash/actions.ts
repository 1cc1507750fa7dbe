import { randomUUID } from 'node:crypto';
import { fromDecimalString, toDecimalString } from '../../src/core/money';
import { signupBody } from '../support/users';
import { cookieOf, multipart, type HttpClient, type Reply } from './http';
import type { Rng } from './rng';
import type { Op, User, World } from './world';

/** A valid BTC (bech32) address for withdrawals. */
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const AREAS = ['crypto', 'trading', 'stocks', 'real_estate'] as const;

export interface Driver {
  world: World;
  http: HttpClient;
  rng: Rng;
  proofs: Buffer[];
}

const idemKey = (world: World) => `crash-${world.life}-${randomUUID()}`;

function cookieFor(d: Driver, op: Op): string {
  if (op.kind.startsWith('approve') || op.kind.startsWith('reject')) return d.world.admin.cookie;
  return d.world.userById(op.userId)?.cookie ?? '';
}

export function send(d: Driver, op: Op): Promise<Reply> {
  return d.http.request(op.method, op.path, { cookie: cookieFor(d, op), json: op.json, body: op.body, key: op.key });
}

/** What the answer says the server did (ids it made, the value a stop paid). */
export function detailOf(
  op: Op,
  body: unknown,
): { createdId?: string; createdAt?: number; credited?: number; amount?: number } {
  const b = body as { id: string; amount: string; credited: string; investment: { id: string; createdAt: string } };
  switch (op.kind) {
    case 'deposit':
      return { createdId: b.id, amount: fromDecimalString(b.amount) };
    case 'invest':
      return { createdId: b.investment.id, createdAt: Date.parse(b.investment.createdAt) };
    case 'stop':
      return { credited: fromDecimalString(b.credited) };
    case 'transfer':
    case 'withdraw':
      return { createdId: b.id };
    default:
      return {};
  }
}

/** Books an answer (or its absence) into the world. */
export function book(world: World, op: Op, r: Reply): void {
  if (!r.answered) {
    op.outcome = 'unanswered';
    op.error = r.error;
    return;
  }
  op.status = r.status;
  op.response = r.body;
  if (r.status >= 500) world.problem(`${op.kind} ${op.path} answered ${r.status}: ${JSON.stringify(r.body)}`);
  if (r.status >= 400) {
    op.outcome = 'refused';
    world.release(op);
    return;
  }
  op.outcome = 'ok';
  world.applyEffect(op, detailOf(op, r.body));
}

export async function perform(d: Driver, op: Op): Promise<Reply> {
  const r = await send(d, op);
  book(d.world, op, r);
  return r;
}

// ---------- accounts ----------

/** Signs in (a new session) and reads the profile; false when an answer was lost. */
export async function loginAndRegister(
  d: Driver,
  email: string,
  password: string,
): Promise<'ok' | 'unanswered' | 'refused'> {
  const op = d.world.newOp({
    kind: 'login',
    userId: '',
    method: 'POST',
    path: '/api/accounts/login',
    json: { email, password },
  });
  const r = await d.http.request(op.method, op.path, { json: op.json });
  book(d.world, op, r);
  if (!r.answered) return 'unanswered';
  if (r.status !== 200) return 'refused';
  const cookie = cookieOf(r.setCookie);
  const me = await d.http.request('GET', '/api/me', { cookie });
  if (!me.answered) return 'unanswered';
  if (me.status !== 200) {
    d.world.problem(`GET /api/me after login answered ${me.status}`);
    return 'refused';
  }
  const profile = me.body as { id: string; uid: string; emailVerified: boolean };
  // Transfers and withdrawals need a confirmed address: open the signup e-mail's link (read from
  // the outbox by the test-only route), as the person would. Lost answers retry at the next sign-in.
  if (!profile.emailVerified) {
    const link = await d.http.request('GET', `/api/test/verification-link?email=${encodeURIComponent(email)}`);
    if (!link.answered) return 'unanswered';
    const url = (link.body as { url: string | null } | null)?.url;
    if (!url) {
      d.world.problem(`no confirmation link for ${email}`);
      return 'refused';
    }
    const parsed = new URL(url);
    const opened = await d.http.request('GET', parsed.pathname + parsed.search);
    if (!opened.answered) return 'unanswered';
    if (opened.status !== 303) {
      d.world.problem(`confirmation link answered ${opened.status}`);
      return 'refused';
    }
  }
  if (!d.world.userById(profile.id)) d.world.users.push({ id: profile.id, uid: profile.uid, email, password, cookie });
  d.world.balance(profile.id);
  return 'ok';
}

export async function signupFlow(d: Driver): Promise<void> {
  const body = signupBody({ country: 'FR' });
  const signup = { email: body.email.toLowerCase(), password: body.password };
  const op = d.world.newOp({
    kind: 'signup',
    userId: '',
    signup,
    method: 'POST',
    path: '/api/accounts/signup',
    json: body,
  });
  const r = await d.http.request(op.method, op.path, { json: body });
  book(d.world, op, r);
  if (!r.answered) {
    d.world.pendingSignups.push(signup);
    return;
  }
  if (r.status !== 201) return;
  if ((await loginAndRegister(d, signup.email, signup.password)) !== 'ok')
    d.world.pendingSignups.push({ ...signup, exists: true });
}

export async function relogin(d: Driver, user: User): Promise<void> {
  const op = d.world.newOp({
    kind: 'login',
    userId: user.id,
    method: 'POST',
    path: '/api/accounts/login',
    json: { email: user.email, password: user.password },
  });
  const r = await d.http.request(op.method, op.path, { json: op.json });
  book(d.world, op, r);
  if (r.answered && r.status === 200) user.cookie = cookieOf(r.setCookie);
}

// ---------- money ----------

export async function deposit(d: Driver, user: User, amount: number): Promise<Op> {
  const proof = d.rng.pick(d.proofs);
  const body = await multipart({
    amount: toDecimalString(amount),
    proof: { bytes: proof, type: 'image/png', name: 'proof.png' },
  });
  const op = d.world.newOp({
    kind: 'deposit',
    userId: user.id,
    key: idemKey(d.world),
    amount,
    method: 'POST',
    path: '/api/deposits',
    body,
  });
  await perform(d, op);
  return op;
}

export async function decide(
  d: Driver,
  kind: 'approveDeposit' | 'rejectDeposit' | 'approveWithdrawal' | 'rejectWithdrawal',
  id: string,
): Promise<Op> {
  const collection = kind.endsWith('Deposit') ? 'deposits' : 'withdrawals';
  const verb = kind.startsWith('approve') ? 'approve' : 'reject';
  const request = (collection === 'deposits' ? d.world.deposits : d.world.withdrawals).get(id)!;
  request.busy = true;
  const op = d.world.newOp({
    kind,
    userId: d.world.admin.id,
    target: id,
    amount: request.amount,
    method: 'POST',
    path: `/api/admin/${collection}/${id}/${verb}`,
    json: verb === 'reject' ? { reason: 'duplicate_request', note: 'test de crash' } : {},
  });
  await perform(d, op);
  return op;
}

export async function invest(d: Driver, user: User, amount: number): Promise<Op> {
  const op = d.world.newOp({
    kind: 'invest',
    userId: user.id,
    key: idemKey(d.world),
    amount,
    method: 'POST',
    path: '/api/investments',
    json: { area: d.rng.pick(AREAS), amount: toDecimalString(amount) },
  });
  await perform(d, op);
  return op;
}

export async function stop(d: Driver, investmentId: string): Promise<Op> {
  const inv = d.world.investments.get(investmentId)!;
  inv.busy = true;
  const op = d.world.newOp({
    kind: 'stop',
    userId: inv.userId,
    key: idemKey(d.world),
    target: inv.id,
    method: 'POST',
    path: `/api/investments/${inv.id}/stop`,
    json: {},
  });
  await perform(d, op);
  return op;
}

export async function transfer(d: Driver, from: User, to: User, amount: number): Promise<Op> {
  const op = d.world.newOp({
    kind: 'transfer',
    userId: from.id,
    recipientId: to.id,
    key: idemKey(d.world),
    amount,
    method: 'POST',
    path: '/api/transfers',
    json: { recipientUid: to.uid, amount: toDecimalString(amount) },
  });
  await perform(d, op);
  return op;
}

export async function withdraw(d: Driver, user: User, amount: number): Promise<Op> {
  const op = d.world.newOp({
    kind: 'withdraw',
    userId: user.id,
    key: idemKey(d.world),
    amount,
    method: 'POST',
    path: '/api/withdrawals',
    json: { amount: toDecimalString(amount), crypto: 'BTC', address: BTC_ADDRESS },
  });
  await perform(d, op);
  return op;
}

/** Moves the server clock; the world remembers the total so a restarted server gets it back. */
export async function advanceClock(d: Driver, days: number): Promise<void> {
  d.world.clockDays += days;
  const op = d.world.newOp({
    kind: 'clock',
    userId: '',
    method: 'POST',
    path: '/api/test/clock',
    json: { advanceDays: days },
  });
  await perform(d, op);
}

/** After a restart the server clock starts from the wall clock again: put it back where it was. */
export async function restoreClock(d: Driver): Promise<void> {
  const r = await d.http.request('POST', '/api/test/clock', { json: { advanceDays: d.world.clockDays } });
  if (!r.answered || r.status !== 200) throw new Error(`could not restore the test clock: ${JSON.stringify(r)}`);
}
