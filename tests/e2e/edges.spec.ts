import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { fundViaDeposit, pngProof, signedInContext, signUpViaApi } from './support/money';

/**
 * What a hostile stand-in for TradingView's script tries from inside the embed, reported to the
 * page that frames it: our cookies, the parent page, our API with the visitor's credentials.
 */
const hostileScript = (victimUid: string) => `
(async function () {
  var report = {};
  function fail(e) { return 'blocked:' + (e && e.name); }
  try { report.cookie = 'read:' + document.cookie; } catch (e) { report.cookie = fail(e); }
  try { report.storage = 'read:' + localStorage.length; } catch (e) { report.storage = fail(e); }
  try { report.parent = 'read:' + parent.document.body.innerText.slice(0, 40); } catch (e) { report.parent = fail(e); }
  try { report.parentUrl = 'read:' + parent.location.href; } catch (e) { report.parentUrl = fail(e); }
  try { var r = await fetch('${baseURL}/api/me', { credentials: 'include' }); report.me = 'status:' + r.status + ':' + (await r.text()).slice(0, 40); } catch (e) { report.me = fail(e); }
  try {
    var t = await fetch('${baseURL}/api/transfers', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ recipientUid: '${victimUid}', amount: '25.00' }) });
    report.transfer = 'status:' + t.status;
  } catch (e) { report.transfer = fail(e); }
  try {
    await fetch('${baseURL}/api/transfers', { method: 'POST', mode: 'no-cors', credentials: 'include', body: JSON.stringify({ recipientUid: '${victimUid}', amount: '25.00' }) });
    report.blindTransfer = 'sent';
  } catch (e) { report.blindTransfer = fail(e); }
  report.origin = self.origin;
  parent.postMessage({ type: 'hostile-report', report: report }, '*');
})();
`;

test.describe('third-party code in a box', () => {
  test('a hostile stand-in for the provider script can neither call our API with credentials nor read the parent', async ({
    browser,
  }) => {
    const api = await request.newContext({ baseURL });
    const victim = await signUpViaApi(api, 'Victime', 'Boxed');
    await fundViaDeposit(baseURL, api, '100.00');
    const thief = await signUpViaApi(await request.newContext({ baseURL }), 'Voleur', 'Hostile');
    const { context, page } = await signedInContext(browser, baseURL, victim);
    await context.route('https://s3.tradingview.com/**', (r) =>
      r.fulfill({ contentType: 'text/javascript', body: hostileScript(thief.uid) }),
    );
    await page.addInitScript(() => {
      (window as unknown as { reports: unknown[] }).reports = [];
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string })?.type === 'hostile-report')
          (window as unknown as { reports: unknown[] }).reports.push({
            origin: e.origin,
            ...(e.data as { report: object }).report,
          });
      });
    });
    await page.goto('/charts');
    // Three widget scripts, three stand-ins: each reports what it could reach.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { reports: unknown[] }).reports.length), {
        timeout: 15_000,
      })
      .toBe(3);
    const reports = (await page.evaluate(
      () => (window as unknown as { reports: Array<Record<string, string>> }).reports,
    )) as Array<Record<string, string>>;
    for (const r of reports) {
      expect(r.origin).toBe('null');
      expect(r.origin).not.toBe(new URL(baseURL).origin);
      expect(r.cookie).toBe('blocked:SecurityError');
      expect(r.storage).toBe('blocked:SecurityError');
      expect(r.parent).toBe('blocked:SecurityError');
      expect(r.parentUrl).toBe('blocked:SecurityError');
      expect(r.me).toMatch(/^blocked:/);
      expect(r.transfer).toMatch(/^blocked:/);
      expect(r.blindTransfer).toMatch(/^blocked:/);
    }
    // And on the server: nothing moved, the session is intact.
    const me = await (await context.request.get('/api/me')).json();
    expect(me.balance).toBe('100.00');
    await context.close();
  });

  test('offline, the real embed reports failure and our own BTC chart takes over', async ({ page }) => {
    await page.route('https://s3.tradingview.com/**', (r) => r.abort('internetdisconnected'));
    await page.goto('/charts');
    await expect(page.getByTestId('charts-fallback')).toBeVisible({ timeout: 9_000 });
    await expect(page.locator('iframe[src="/embed/charts.html"]')).toHaveCount(0);
  });

  test('the frame is sandboxed without allow-same-origin', async ({ page }) => {
    await page.route('https://s3.tradingview.com/**', (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/charts');
    const frame = page.locator('iframe[src="/embed/charts.html"]');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    // Loaded: the embed reported 'ready' across the sandbox and the frame is shown.
    await expect(frame).toBeVisible();
  });
});

test.describe('cross-site requests', () => {
  let sibling: Server;
  let siblingOrigin: string;

  test.beforeAll(async () => {
    // A real image, so that nothing but the origin check stands in the way.
    const proof = (await pngProof()).toString('base64');
    // A page of the same site (127.0.0.1) on another port: SameSite=Lax cookies go along with its requests.
    sibling = createServer((req, res) => {
      const action = `${baseURL}/api/deposits`;
      const page =
        req.url === '/form'
          ? `<!doctype html><form id="f" method="post" enctype="multipart/form-data" action="${action}"><input name="amount" value="4242.00"><input type="file" name="proof"></form><script>document.getElementById('f').submit()</script>`
          : `<!doctype html><p id="done">…</p><script>
            var data = new FormData();
            data.append('amount', '4242.00');
            data.append('proof', new Blob([Uint8Array.from(atob('${proof}'), function (c) { return c.charCodeAt(0); })], { type: 'image/png' }), 'p.png');
            fetch('${action}', { method: 'POST', mode: 'no-cors', credentials: 'include', body: data })
              .then(function () { document.getElementById('done').textContent = 'sent'; }, function () { document.getElementById('done').textContent = 'failed'; });
          </script>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
    siblingOrigin = `http://127.0.0.1:${(sibling.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => new Promise<void>((resolve) => sibling.close(() => resolve())));

  test('a page on another port sending a no-cors multipart deposit, or submitting a form, in the victim name is refused', async ({
    browser,
  }) => {
    const api = await request.newContext({ baseURL });
    const victim = await signUpViaApi(api, 'Victime', 'Csrf');
    const { context, page } = await signedInContext(browser, baseURL, victim);
    const history = async () =>
      (await (await context.request.get('/api/cashier/history')).json()) as { deposits: unknown[] };

    // The no-cors answer is opaque to the page (and Cross-Origin-Resource-Policy blocks it): what
    // matters is that the request left with the victim's cookie and that the server recorded nothing.
    const finished = page.waitForEvent('requestfailed', (r) => r.url() === `${baseURL}/api/deposits`);
    await page.goto(`${siblingOrigin}/fetch`);
    const attempt = await finished;
    expect(attempt.method()).toBe('POST');
    // The answer reached the browser (and was then withheld from the page): the server did get the request.
    expect(attempt.failure()?.errorText).toContain('ERR_BLOCKED_BY_RESPONSE');
    await expect(page.locator('#done')).toHaveText('failed');
    expect((await history()).deposits).toEqual([]);

    await page.goto(`${siblingOrigin}/form`);
    await page.waitForURL(`${baseURL}/api/deposits`);
    // A form post is a navigation: the answer is on screen, our refusal.
    await expect(page.locator('body')).toContainText('cross_site_request');

    expect((await history()).deposits).toEqual([]);
    // The app itself, from its own origin, still works.
    await page.goto('/cashier');
    expect((await context.request.get('/api/me')).status()).toBe(200);
    await context.close();
  });
});
