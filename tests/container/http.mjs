// HTTP steps of the container tests, from the host to a published 127.0.0.1 port:
//   node http.mjs ready <base> [timeoutS]        waits for /readyz
//   node http.mjs signup <base> <email> <pw>     signs up (201), then signs in
//   node http.mjs login <base> <email> <pw>      signs in (200) and reads /api/me
//   node http.mjs transfer-seen <a> <b> ...      see tests/container/run.sh (compose)
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
const post = (path, body, headers = {}) =>
  fetch(`${base}${path}`, {
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

async function login(email, password) {
  const res = await post('/api/accounts/login', { email, password });
  if (res.status !== 200) fail(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = cookieOf(res);
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
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
  default:
    fail(`unknown step ${cmd}`);
}
