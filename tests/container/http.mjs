// HTTP steps of the container tests, from the host to a published 127.0.0.1 port:
//   node http.mjs ready <base> [timeoutS]        waits for /readyz
//   node http.mjs signup <base> <email> <pw>     signs up (201), then signs in
//   node http.mjs login <base> <email> <pw>      signs in (200) and reads /api/me
//   node http.mjs transfer-seen <a> <b> <fromEmail> <fromPw> <toEmail> <toPw>
//        the payee listens on instance <b>'s event stream; the payer sends 12.34 through instance <a>;
//        the payee hears it live on <b>, and <b> shows the new balance
const [cmd, base, ...rest] = process.argv.slice(2);
const fail = (msg) => {
  console.error(`FAIL: ${msg}`);
  process.exit(1);
};
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((p) => !p.endsWith('='))
    .join('; ');
const post = (path, body, headers = {}, at = base) =>
  fetch(`${at}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function ready(timeoutS = 60) {
  const until = Date.now() + timeoutS * 1000;
  for (;;) {
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) fail(`${base}/readyz not ready after ${timeoutS} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function login(email, password, at = base) {
  const res = await post('/api/accounts/login', { email, password }, {}, at);
  if (res.status !== 200) fail(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = cookieOf(res);
  const me = await fetch(`${at}/api/me`, { headers: { cookie } });
  if (me.status !== 200) fail(`/api/me: ${me.status}`);
  return { cookie, me: await me.json() };
}

async function signup(email, password, username) {
  const res = await post('/api/accounts/signup', {
    firstName: 'Container',
    lastName: 'Test',
    username,
    email,
    password,
    confirmPassword: password,
    birthDate: '1990-04-12',
    country: 'HT',
    phone: '34567890',
    acceptTerms: true,
    locale: 'fr',
  });
  if (res.status !== 201) fail(`signup ${email}: ${res.status} ${await res.text()}`);
  return login(email, password);
}

/**
 * Opens the event stream; once it is connected, answers `{ heard }`, a promise of the first event
 * of `type` (wrapped: an async function's returned promise would otherwise be waited for here).
 */
async function firstEvent(at, cookie, type, timeoutMs) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const res = await fetch(`${at}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (res.status !== 200) fail(`${at}/api/events: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const connected = Promise.withResolvers();
  const heard = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) fail(`${at}/api/events ended before a ${type} event`);
        text += decoder.decode(value, { stream: true });
        if (text.includes(': connected')) connected.resolve();
        if (text.includes(`event: ${type}\n`)) return;
      }
    } catch (err) {
      if (abort.signal.aborted) fail(`no ${type} event on ${at} within ${timeoutMs} ms`);
      throw err;
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
  })();
  await connected.promise;
  return { heard };
}

async function transferSeen(a, b, fromEmail, fromPw, toEmail, toPw) {
  const payer = await login(fromEmail, fromPw, a);
  const payee = await login(toEmail, toPw, b);
  const { heard } = await firstEvent(b, payee.cookie, 'balance.changed', 15_000);
  const res = await post(
    '/api/transfers',
    { recipientUid: payee.me.uid, amount: '12.34' },
    { cookie: payer.cookie, 'idempotency-key': `container-${Date.now()}` },
    a,
  );
  if (res.status !== 200 && res.status !== 201) fail(`transfer through ${a}: ${res.status} ${await res.text()}`);
  const started = Date.now();
  await heard;
  const seenMs = Date.now() - started;
  const after = await fetch(`${b}/api/me`, { headers: { cookie: payee.cookie } }).then((r) => r.json());
  const cents = (s) => Math.round(Number(s) * 100);
  if (cents(after.balance) !== cents(payee.me.balance) + 1234)
    fail(`balance on ${b}: ${payee.me.balance} before, ${after.balance} after a 12.34 transfer`);
  console.log(
    `transfer through ${a} heard live on ${b} after ${seenMs} ms; balance ${payee.me.balance} -> ${after.balance}`,
  );
}

switch (cmd) {
  case 'ready':
    await ready(Number(rest[0] ?? 60));
    break;
  case 'signup': {
    const [email, password] = rest;
    const { me } = await signup(email, password, email.split('@')[0].replace(/\W/g, '_'));
    console.log(`signed up and in: ${me.uid}`);
    break;
  }
  case 'login': {
    const { me } = await login(rest[0], rest[1]);
    console.log(`signed in: ${me.uid}`);
    break;
  }
  case 'transfer-seen':
    await transferSeen(base, ...rest);
    break;
  default:
    fail(`unknown step ${cmd}`);
}
