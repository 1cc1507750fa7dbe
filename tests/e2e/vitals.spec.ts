import { expect, test, type APIRequestContext } from '@playwright/test';

/** The sample of `name` whose labels include `route="…"` (0 when absent), read from /metrics. */
async function countOf(request: APIRequestContext, name: string, route: string): Promise<number> {
  const res = await request.get('/metrics');
  expect(res.status()).toBe(200);
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`route="${route}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const histograms = ['atlas_web_vitals_lcp_seconds', 'atlas_web_vitals_inp_seconds', 'atlas_web_vitals_cls'];

test('a page reports its LCP, INP and CLS to our own server when it is left, and asks no other origin', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  context.on('request', (r) => void requests.push(r.url()));
  // A beacon leaves with the page, where Playwright's request events no longer see it: each call
  // of sendBeacon is also written down, with its URL and body, in localStorage (which the next
  // page of the same origin reads). Blobs are read when they are made, since a page that is
  // leaving cannot wait for Blob.text().
  await context.addInitScript(() => {
    const texts = new WeakMap<Blob, string>();
    const NativeBlob = window.Blob;
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        if (parts?.every((p) => typeof p === 'string')) texts.set(this, parts.join(''));
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = JSON.parse(localStorage.getItem('test.beacons') ?? '[]') as unknown[];
      const body = typeof data === 'string' ? data : data instanceof NativeBlob ? texts.get(data) : undefined;
      sent.push({ url: new URL(String(url), location.href).href, body });
      localStorage.setItem('test.beacons', JSON.stringify(sent));
      return send(url, data);
    };
  });
  const before = await Promise.all(histograms.map((h) => countOf(request, `${h}_count`, '/login')));

  // A visit: the page paints, the person types in a field (an interaction), then leaves.
  await page.goto('/login?next=%2Fportfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').click();
  await page.keyboard.type('someone@example.test');
  // The browser times an interaction only after the paint that follows it: leaving before then
  // (a busy machine paints late) would leave web-vitals no interaction to report. Wait until the
  // first input is timed and two more frames have painted, as a person reading the field would.
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForLoadState('networkidle');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The server counted one page view of /login in each histogram (the route pattern, not the URL).
  await expect
    .poll(() => Promise.all(histograms.map((h) => countOf(request, `${h}_count`, '/login'))), { timeout: 15_000 })
    .toEqual(before.map((n) => n + 1));

  // One beacon, to our origin, with only route patterns, vital names and values: nothing about the person.
  const beacons = JSON.parse((await page.evaluate(() => localStorage.getItem('test.beacons'))) ?? '[]') as Array<{
    url: string;
    body: string;
  }>;
  expect(beacons.map((b) => b.url)).toEqual([`${origin}/api/vitals`]);
  const sent = JSON.parse(beacons[0]!.body) as { vitals: Array<Record<string, unknown>> };
  expect(Object.keys(sent)).toEqual(['vitals']);
  expect(sent.vitals.map((v) => v.name).sort()).toEqual(['CLS', 'INP', 'LCP']);
  for (const v of sent.vitals) {
    expect(Object.keys(v).sort()).toEqual(['name', 'route', 'value']);
    expect(v.route).toBe('/login');
    expect(typeof v.value).toBe('number');
  }
  expect(JSON.stringify(sent)).not.toContain('someone@example.test');
  expect(JSON.stringify(sent)).not.toContain('next=');

  // Every request of the visit went to our own origin (data: and blob: URLs are no request to anyone).
  requests.push(...beacons.map((b) => b.url));
  const elsewhere = requests.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin);
  expect(elsewhere).toEqual([]);
  expect(requests.length).toBeGreaterThan(3);
});
