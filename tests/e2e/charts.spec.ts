import { expect, test } from '@playwright/test';
import { openSettled } from './support/axe';

// TradingView is out of reach here: the embed reports failure, and our own BTC chart takes over.
test('when the TradingView widgets cannot load, /charts draws our stored BTC prices with their figures under the pointer', async ({
  page,
}) => {
  await page.route('**/embed/charts.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<script>parent.postMessage({ type: 'atlas-charts', status: 'failed' }, '*')</script>`,
    }),
  );
  const day = 86_400_000;
  const start = Date.UTC(2026, 9, 23, 12);
  const points = Array.from({ length: 30 }, (_, i) => ({
    price: (60_000 + i * 250 + (i % 3) * 90).toFixed(2),
    at: new Date(start + i * day).toISOString(),
  }));
  await page.route('**/api/market/btc/history*', (r) => r.fulfill({ json: { symbol: 'BTC-USD', points } }));
  await page.route('**/api/market/btc', (r) =>
    r.fulfill({
      json: {
        symbol: 'BTC-USD',
        price: points.at(-1)!.price,
        fetchedAt: points.at(-1)!.at,
        ageSeconds: 60,
        stale: false,
        source: 'snapshot',
      },
    }),
  );
  await openSettled(page, '/charts', 'fr');
  const fallback = page.getByTestId('charts-fallback');
  await expect(fallback.getByText(/n'ont pas pu être chargés/)).toBeVisible();
  const chart = fallback.getByRole('img', { name: /Cours du Bitcoin : 30 relevés, de \$60,000\.00/ });
  await expect(chart).toBeVisible();
  // The axis shows day and month only; some labels are skipped so that none overlaps.
  const ticks = await chart.locator('text').allTextContents();
  expect(ticks).toContain('23 oct.');
  expect(ticks.filter((t) => /^\d+ (oct|nov)\.$/.test(t)).length).toBeLessThan(30);
  // Pointing at the right end shows the last price.
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width - 17, box.y + box.height / 2);
  await expect(fallback).toContainText(
    `BTC-USD : $${Number(points.at(-1)!.price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
});
