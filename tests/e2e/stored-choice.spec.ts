import { expect, test } from './fixtures';
import { BASE } from './support/shopper';

/**
 * The stored language and currency are honoured at start-up when their cookies are missing
 * (storefront §4, issue 18): the page sets the cookies from localStorage and renders again once;
 * an invalid stored value is replaced; a browser that keeps no cookies does not reload for ever.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function ids(request: import('@playwright/test').APIRequestContext) {
  const languages = (
    (await (await request.get('/api/languages')).json()) as { payload: { id: number; code: string }[] }
  ).payload;
  return {
    de: String(languages.find((l) => l.code === 'de')!.id),
    en: String(languages.find((l) => l.code === 'en')!.id),
  };
}

test('stored German and US dollars without cookies: the home page comes back in German and dollars, cookies set', async ({
  page,
  context,
}) => {
  const { de } = await ids(page.request);
  await context.addInitScript(
    ([language]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('languageId', language!);
        localStorage.setItem('currency', 'USD');
      }
    },
    [de],
  );
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The bare entry address goes to the German one (ADR 028).
  await expect(page).toHaveURL(`${BASE}/de/`);
  await expect(page.locator('html')).toHaveAttribute('data-currency', 'USD');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ languageId: de, currency: 'USD' });
  expect(await page.evaluate(() => localStorage.getItem('languageId'))).toBe(de);
});

test("an invalid stored value is replaced by the page's; no cookie jar means no reload loop", async ({
  page,
  context,
}) => {
  const { en } = await ids(page.request);
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('languageId', '999999');
    }
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('languageId'))).toBe(en);

  // Cookies refused: at most one reload, then the page stays.
  const { de } = await ids(page.request);
  const loads: string[] = [];
  const refusing = await context.browser()!.newContext();
  await refusing.addInitScript(
    ([language]) => {
      localStorage.setItem('languageId', language!);
      Object.defineProperty(document, 'cookie', { get: () => '', set: () => undefined });
    },
    [de],
  );
  const other = await refusing.newPage();
  other.on('load', () => loads.push(other.url()));
  await other.goto(BASE + '/');
  await other.waitForTimeout(1500);
  expect(loads.length).toBeLessThanOrEqual(2);
  await refusing.close();
});

test('a German address stays German for a visitor whose stored language is English, and becomes the choice', async ({
  page,
  context,
}) => {
  const { de, en } = await ids(page.request);
  await context.addInitScript(
    ([language]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('languageId', language!);
      }
    },
    [en],
  );
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goto('/de/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect
    .poll(async () => Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value])).languageId)
    .toBe(de);
  await page.waitForTimeout(500);
  expect(loads).toEqual([`${BASE}/de/faq`]);
});
