import { expect, test, type Page } from '@playwright/test';
import { openSettled } from './support/axe';
import { readCatalogue as read, type Lang } from './support/catalogue';

const langs: Lang[] = ['fr', 'en', 'es'];
/** The home page's texts (content) and the about and area pages' (pages), keyed as the screens use them. */
const content = Object.fromEntries(langs.map((l) => [l, { ...read(l, 'content'), ...read(l, 'pages') }])) as Record<
  Lang,
  any
>;

async function expectMeta(page: Page, title: string, description: string) {
  await expect(page).toHaveTitle(`${title} · Atlas Invest`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} · Atlas Invest`);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
}

/** Expected month labels of the sample chart (spec §2: Jan to Juin), as Intl prints them. */
const firstLast: Record<Lang, [string, string]> = { fr: ['Janv', 'Juin'], en: ['Jan', 'Jun'], es: ['Ene', 'Jun'] };

for (const lang of langs) {
  const c = content[lang];
  test.describe(`public pages in ${lang.toUpperCase()}`, () => {
    test('home: title, get-started, four tiles, sample chart, meta', async ({ page }) => {
      await openSettled(page, '/', lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.home.title);
      await expect(page.getByText(c.home.tagline)).toBeVisible();
      await expect(page.getByRole('link', { name: c.home.getStarted, exact: true })).toHaveAttribute('href', '/invest');
      const tiles = page.getByTestId('area-tiles').getByRole('link');
      await expect(tiles).toHaveCount(4);
      for (const [key, href] of [
        ['crypto', '/crypto'],
        ['trading', '/trading'],
        ['stocks', '/stocks'],
        ['realEstate', '/real-estate'],
      ] as const) {
        await expect(page.getByTestId('area-tiles').getByRole('link', { name: c.areas[key].title })).toHaveAttribute(
          'href',
          href,
        );
      }
      await expectMeta(page, c.home.metaTitle, c.home.metaDescription);
      await page.getByTestId('home-chart').scrollIntoViewIfNeeded();
      const chart = page.getByRole('img', { name: new RegExp(`${firstLast[lang][0]}.*${firstLast[lang][1]}`) });
      await expect(chart).toBeVisible();
      await expect(page.getByTestId('chart-note')).toHaveText(c.home.chart.sample);
    });

    test('about: presentation and a link to /invest', async ({ page }) => {
      await openSettled(page, '/about', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.about.title);
      for (const p of ['mission', 'security', 'performance', 'support']) {
        await expect(page.getByRole('heading', { name: c.about.pillars[p].title })).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: c.about.domainsTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: c.about.whyTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: c.about.cta })).toHaveAttribute('href', '/invest');
      await expectMeta(page, c.about.metaTitle, c.about.metaDescription);
    });

    const areaPages = [
      { path: '/crypto', key: 'crypto', cta: 'startInvesting', warning: 'risksTitle', rate: null },
      {
        path: '/trading',
        key: 'trading',
        cta: 'startTrading',
        warning: 'risksTitle',
        rate: { fr: '15 % par mois', en: '15% per month', es: '15 % al mes' },
      },
      {
        path: '/stocks',
        key: 'stocks',
        cta: 'startInvesting',
        warning: 'considerationsTitle',
        rate: { fr: '8 à 10 % par an', en: '8 to 10% a year', es: '8 a 10 % al año' },
      },
      {
        path: '/real-estate',
        key: 'realEstate',
        cta: 'startInvesting',
        warning: 'considerationsTitle',
        rate: { fr: '12 % par trimestre', en: '12% per quarter', es: '12 % por trimestre' },
      },
    ] as const;

    for (const area of areaPages) {
      test(`${area.path}: hero, image cards, why, options, warning, button to /invest`, async ({ page }) => {
        await openSettled(page, area.path, lang);
        const a = c[area.key];
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.title);
        for (const card of Object.values<any>(a.cards)) {
          await expect(page.getByRole('img', { name: card.alt })).toBeVisible();
          await expect(page.getByRole('heading', { name: card.title, exact: true }).first()).toBeVisible();
        }
        await expect(page.getByRole('heading', { name: c.common.whyTitle })).toBeVisible();
        const options = page.getByTestId('area-options').locator('h3');
        await expect(options).toHaveText(Object.values<any>(a.options).map((o) => o.title));
        await expect(page.getByRole('complementary', { name: c.common[area.warning] })).toContainText(a.warning);
        const buttons = page.getByRole('link', { name: c.common[area.cta] });
        await expect(buttons.first()).toHaveAttribute('href', '/invest');
        if (area.rate) {
          const notice = page.getByTestId('rate-notice');
          await expect(notice).toContainText(area.rate[lang]);
          await expect(notice).toContainText(c.rates.disclaimer);
        } else {
          await expect(page.getByTestId('rate-notice')).toHaveCount(0);
        }
        await expectMeta(page, a.metaTitle, a.metaDescription);
        await buttons.first().click();
        await expect(page).toHaveURL(/\/(invest|login)/);
      });
    }
  });
}

test('French buttons read exactly as the spec says', async ({ page }) => {
  await openSettled(page, '/trading', 'fr');
  await expect(page.getByRole('link', { name: 'Commencer à Trader' }).first()).toBeVisible();
  await openSettled(page, '/crypto');
  await expect(page.getByRole('link', { name: 'Commencer à Investir' }).first()).toBeVisible();
});

test('real estate labels residential, commercial and land with the quarterly rate, land as appreciation', async ({
  page,
}) => {
  await openSettled(page, '/real-estate', 'fr');
  const options = page.getByTestId('area-options');
  await expect(options.getByText('12 % par trimestre', { exact: true })).toHaveCount(2);
  await expect(options.getByText('12 % par trimestre (plus-value)')).toHaveCount(1);
  await expect(page.getByText(content.fr.rates.disclaimer).first()).toBeVisible();
});

test.describe('home chart', () => {
  test('is not part of the first download and keeps its height when it arrives', async ({ page }) => {
    const chartChunks: string[] = [];
    page.on('request', (r) => /MonthlyChart/.test(r.url()) && chartChunks.push(r.url()));
    await page.setViewportSize({ width: 1280, height: 700 });
    await openSettled(page, '/');
    expect(chartChunks, 'the chart loads only when it is near the screen').toEqual([]);
    const box = page.getByTestId('home-chart');
    const before = (await box.boundingBox())!.height;
    await box.scrollIntoViewIfNeeded();
    await expect(box.locator('svg[role=img]')).toBeVisible();
    expect(chartChunks.length).toBe(1);
    expect((await box.boundingBox())!.height).toBe(before);
    expect(before).toBe(320);
  });

  const fakeMe = {
    id: 'u1',
    uid: 'ATU123456',
    username: 'alice',
    email: 'a@x.test',
    firstName: 'A',
    lastName: 'B',
    fullName: 'A B',
    country: 'FR',
    locale: 'fr',
    isAdmin: false,
    memberSince: '2026-01-01T00:00:00.000Z',
    balance: '0.00',
    invested: '0.00',
  };

  test('a signed-in person sees their own monthly history', async ({ page }) => {
    await page.route('**/api/me', (r) => r.fulfill({ json: fakeMe }));
    await page.route('**/api/portfolio/history', (r) =>
      r.fulfill({
        json: {
          months: [
            { month: '2026-09', crypto: '10.00', stocks: '20.00', realEstate: '30.00', trading: '40.00' },
            { month: '2026-10', crypto: '12.00', stocks: '21.00', realEstate: '30.50', trading: '38.00' },
            { month: '2026-11', crypto: '15.00', stocks: '22.00', realEstate: '31.00', trading: '41.00' },
          ],
        },
      }),
    );
    await openSettled(page, '/', 'fr');
    await page.getByTestId('home-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-note')).toHaveText(content.fr.home.chart.mine);
    const chart = page.getByRole('img', { name: /3 mois, de Sept à Nov/ });
    await expect(chart).toBeVisible();
    // Pointing at the last month shows its figures.
    const area = (await chart.boundingBox())!;
    await page.mouse.move(area.x + area.width - 10, area.y + area.height / 2);
    await expect(page.getByTestId('home-chart')).toContainText('Crypto : $15.00');
    await expect(page.getByTestId('home-chart')).toContainText('Trading : $41.00');
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('home-chart')).not.toContainText('Crypto : $15.00');

    // From the keyboard: focus shows the newest month, the arrows move through the months, Escape hides.
    await chart.focus();
    await expect(page.getByTestId('home-chart')).toContainText('Crypto : $15.00');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('home-chart')).toContainText('Crypto : $12.00');
    await page.keyboard.press('Home');
    await expect(page.getByTestId('home-chart')).toContainText('Trading : $40.00');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('home-chart')).toContainText('Trading : $40.00');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('home-chart')).not.toContainText('Trading :');
  });

  test('on a phone the drawn chart and its screen-reader table never widen the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSettled(page, '/', 'fr');
    await page.getByTestId('home-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-chart').locator('svg[role=img]')).toBeVisible();
    await expect(page.getByRole('table', { name: content.fr.home.chart.tableCaption })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('the closing call asks a visitor to sign up and leads a signed-in person to the portfolio', async ({ page }) => {
    await openSettled(page, '/', 'fr');
    const cta = page.locator('section[aria-labelledby="home-cta"]');
    await expect(cta.getByRole('heading')).toHaveText(content.fr.home.ctaTitle);
    await expect(cta.getByRole('link', { name: content.fr.home.ctaSignup })).toHaveAttribute('href', '/signup');

    await page.route('**/api/me', (r) => r.fulfill({ json: fakeMe }));
    await page.route('**/api/portfolio/history', (r) => r.fulfill({ json: { months: [] } }));
    await openSettled(page, '/', 'fr');
    await expect(cta.getByRole('heading')).toHaveText(content.fr.home.ctaMemberTitle);
    await expect(cta.getByRole('link', { name: content.fr.home.ctaPortfolio })).toHaveAttribute('href', '/portfolio');
    await expect(page.getByRole('link', { name: content.fr.home.ctaSignup })).toHaveCount(0);
  });

  test('falls back to the sample data when the history cannot be loaded', async ({ page }) => {
    await page.route('**/api/me', (r) => r.fulfill({ json: fakeMe }));
    await page.route('**/api/portfolio/history', (r) =>
      r.fulfill({ status: 500, json: { error: { code: 'internal_error', params: {} } } }),
    );
    await openSettled(page, '/', 'fr');
    await page.getByTestId('home-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-note')).toHaveText(content.fr.home.chart.sample);
    await expect(page.getByRole('img', { name: /6 mois, de Janv à Juin/ })).toBeVisible();
  });
});
