import sharp from 'sharp';

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export async function login(base, email, password) {
  const res = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

let n = 0;
/** Signs up, logs in and (optionally) funds a user through a real deposit approved by the bench operator. */
export async function makeUser(base, adminCookie, fundDollars) {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  const who = {
    firstName: 'Bench',
    lastName: `User${n}`,
    username: `bench_${tag}`,
    email: `bench.${tag}@example.test`,
    password: 'bench-password',
    confirmPassword: 'bench-password',
    birthDate: '1990-01-01',
    country: 'FR',
    phone: '0612345678',
    acceptTerms: true,
    locale: 'fr',
  };
  const res = await fetch(`${base}/api/accounts/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`signup ${res.status} ${await res.text()}`);
  // Transfers and withdrawals need a confirmed address: open the e-mailed link (read from the
  // outbox by the test-only route that TEST_CLOCK turns on).
  const { url } = await (
    await fetch(`${base}/api/test/verification-link?email=${encodeURIComponent(who.email)}`)
  ).json();
  const link = new URL(url);
  const confirmed = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  if (confirmed.status !== 303) throw new Error(`confirmation ${confirmed.status}`);
  const cookie = await login(base, who.email, who.password);
  const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
  if (fundDollars) {
    const form = new FormData();
    form.append('amount', String(fundDollars));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('proof', new Blob([png], { type: 'image/png' }), 'p.png');
    const d = await fetch(`${base}/api/deposits`, { method: 'POST', headers: { cookie }, body: form });
    if (!d.ok) throw new Error(`deposit ${d.status} ${await d.text()}`);
    const { id } = await d.json();
    const a = await fetch(`${base}/api/admin/deposits/${id}/approve`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!a.ok) throw new Error(`approve ${a.status} ${await a.text()}`);
  }
  return { ...who, cookie, uid: me.uid, id: me.id };
}
