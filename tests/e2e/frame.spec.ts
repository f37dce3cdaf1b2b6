import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The shared page frame (storefront §2 Shared frame, ADR 007): header, search, pickers, cookie notice, newsletter, 404. */

const COOKIE_TEXT = 'This website uses cookies to ensure you get the best experience.';

const cookieBar = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header links, search form, footer and cookie notice render', async ({ shop, page }) => {
    await shop.goto('/');
    const nav = mainNav(page);
    for (const [name, href] of [
      ['HOME', '/'],
      ['SHOP', '/products/all'],
      ['NEW', '/products/all?new=true'],
      ['SALE', '/products/all?sale=true'],
      ['CONTACT US', '/contact'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?form=signin');
    await expect(page.getByRole('link', { name: 'Registration' })).toHaveAttribute('href', '/auth?form=signup');
    await expect(page.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/auth?form=signin');
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search equipments');
    // Both pickers exist (3 languages, 3 currencies) and cannot be cleared.
    await expect(page.getByRole('combobox', { name: 'Language' }).locator('option')).toHaveCount(3);
    await expect(page.getByRole('combobox', { name: 'Currency' }).locator('option[value=""]')).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Summit & Circuit Gear Ltd · Company no.');
    await expect(footer).toContainText(/© \d{4} Summit & Circuit Gear Ltd\. All rights reserved\./);
    const pageLinks = footer.getByRole('navigation').getByRole('link');
    expect(await pageLinks.count()).toBeGreaterThan(0);
    await expect(pageLinks.first()).toHaveAttribute('href', /^\/static-page\/\d+$/);
    for (const column of await footer.getByRole('navigation').getByRole('list').all()) {
      expect(await column.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    }
    for (const name of ['3D Secure', 'Visa', 'Mastercard']) {
      await expect(footer.getByRole('img', { name })).toBeVisible();
    }
    await expect(footer.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');

    await expect(cookieBar(page)).toContainText(COOKIE_TEXT);
    await expect(cookieBar(page).getByRole('link', { name: 'Learn more' })).toHaveAttribute(
      'href',
      /^\/static-page\/\d+$/,
    );
  });

  test('the pickers switch language and currency through a plain form', async ({ shop, page }) => {
    await shop.goto('/static-page/1?from=footer');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/static-page/1?from=footer');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('combobox', { name: 'Währung' })).toHaveValue('USD');
    await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeVisible();
    expect(await cookie(page, 'currency')).toBe('USD');
  });

  test('the search box is a GET form to the list page', async ({ shop, page }) => {
    await shop.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('tent');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.waitForURL('**/products/all?search=tent&page=1');
  });
});

test('search from the header lands on the list URL with search and page=1', async ({ shop, page }) => {
  await shop.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.click();
  await box.fill('tent');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/products/all' && url.search === '?search=tent&page=1');
  // What matters here is the URL the search leads to (the list page has its own spec).
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('tent');
});

test('the search icon keeps the list page filters and resets the page', async ({ shop, page }) => {
  await shop.goto('/products/all/all?sale=true&page=3');
  await page.getByRole('searchbox', { name: 'Search' }).fill('bike');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/products/all/all' && url.search === '?sale=true&search=bike&page=1',
  );
});

test('the language picker switches the page to German, also after reload', async ({ shop, page }) => {
  await shop.goto('/');
  await Promise.all([
    page.waitForEvent('framenavigated'),
    page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' }),
  ]);
  await page.waitForLoadState('load');
  const nav = mainNav(page);
  // The German page has an address of its own (ADR 028).
  await expect(page).toHaveURL(/\/de\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'START' }),
  ).toBeVisible();
  expect(await cookie(page, 'languageId')).toMatch(/^\d+$/);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'KONTAKT' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue(String(await cookie(page, 'languageId')));
  await expect(nav).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('languageId'))).toBe(await cookie(page, 'languageId'));
  shop.expectNoPageErrors();
});

test("the language picker keeps the shopper on the same page, filters and all, at the new language's address", async ({
  shop,
  page,
}) => {
  await shop.goto('/de/products/all/all?sale=true&sort=desc');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await Promise.all([
    page.waitForURL(/\/fr\/products\/all\/all\?sale=true&sort=desc$/),
    page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Français' }),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // Links of the French page stay French; the English address sends this visitor to French now.
  await expect(page.getByRole('link', { name: /^Accueil$/i }).first()).toHaveAttribute('href', '/fr/');
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/fr\/faq$/);
  shop.expectNoPageErrors();
});

test('the currency picker keeps the choice after reload', async ({ shop, page }) => {
  await shop.goto('/');
  // The choice reloads the page (server-rendered prices); wait for that before reloading again.
  await Promise.all([
    page.waitForEvent('framenavigated'),
    page.getByRole('combobox', { name: 'Currency' }).selectOption('USD'),
  ]);
  await page.waitForLoadState('load');
  expect(await cookie(page, 'currency')).toBe('USD');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  expect(await page.evaluate(() => [localStorage.getItem('currency'), localStorage.getItem('currencySymbol')])).toEqual(
    ['USD', '$'],
  );
  shop.expectNoPageErrors();
});

test('accepting cookies hides the bar for good and loads the Google tag once', async ({ shop, page }) => {
  let tagLoads = 0;
  await page.route('https://www.googletagmanager.com/**', (route) => {
    tagLoads += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await shop.goto('/');
  await expect(cookieBar(page)).toContainText(COOKIE_TEXT);
  expect(tagLoads).toBe(0);
  await cookieBar(page).getByRole('button', { name: 'Accept' }).click();
  await expect(cookieBar(page)).toBeHidden();
  await expect.poll(() => tagLoads).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cookieBar(page)).toHaveCount(0);
  await expect.poll(() => tagLoads).toBe(2);
  expect(await page.locator('script[data-google-tag]').count()).toBe(1);
  shop.expectNoPageErrors();
});

test('declining hides the bar while browsing, and a reload shows it again', async ({ shop, page }) => {
  await shop.goto('/');
  await cookieBar(page).getByRole('button', { name: 'Decline' }).click();
  await expect(cookieBar(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
  await mainNav(page).getByRole('link', { name: 'HOME' }).click();
  await page.waitForLoadState('load');
  await expect(cookieBar(page)).toBeHidden();
  await page.reload();
  await expect(cookieBar(page)).toBeVisible();
  await expect(cookieBar(page)).toContainText(COOKIE_TEXT);
  shop.expectNoPageErrors();
});

test('the newsletter form asks for a confirmation, the mailed link subscribes, a repeated address gets the same answer', async ({
  shop,
  page,
  mailbox,
}) => {
  const email = `frame-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = 'Thank you for subscribing! Please confirm your address with the link we have sent you by email.';
  await shop.goto('/');
  const footer = page.getByRole('contentinfo');
  const input = footer.getByRole('textbox', { name: 'Email address' });
  const status = footer.getByRole('status');

  await input.fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText(answer);
  await expect(input).toHaveValue('');
  // The message clears after 2 s.
  await expect(status).toHaveText('', { timeout: 4_000 });

  const mail = await mailbox.waitFor(email, { subject: /newsletter/i });
  const link = mail.links.find((l) => l.includes('/api/newsletter/confirm/'));
  expect(link, mail.text).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription is confirmed');

  // Subscribed or not: the same words.
  const again = page.getByRole('contentinfo');
  await again.getByRole('textbox', { name: 'Email address' }).fill(email);
  await again.getByRole('button', { name: 'Subscribe' }).click();
  await expect(again.getByRole('status')).toHaveText(answer);
  shop.expectNoPageErrors();
});

test('the newsletter button shows "Subscribing..." with the input disabled while it waits', async ({ shop, page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/newsletter/subscribe', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'text/html', body: 'boom' });
  });
  await shop.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Email address' }).fill('slow@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(footer.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
  release();
  await expect(footer.getByRole('status')).toHaveText('An error occurred during subscription.');
  await expect(footer.getByRole('textbox', { name: 'Email address' })).toHaveValue('slow@example.com');
});

test('an unknown path answers 404 with the not-found text and a link home', async ({ shop, page }) => {
  await shop.goto('/no-such-page/at-all', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page Not Found');
  await expect(page.getByRole('main')).toContainText('Sorry, the page you are looking for does not exist.');
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner')).toBeVisible();
});

test('footer page links and the cookie Learn more link open static pages', async ({ shop, page }) => {
  await shop.goto('/');
  const href = await cookieBar(page).getByRole('link', { name: 'Learn more' }).getAttribute('href');
  await shop.goto(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('keyboard: Tab reaches the skip link, pickers, nav links, search and cookie buttons in order', async ({
  shop,
  page,
}) => {
  await shop.goto('/');
  const order: string[] = [];
  // The cookie bar comes last in the page, after every card of the home page's carousels.
  for (let i = 0; i < 400; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelElement = (el as HTMLInputElement).labels?.[0];
      const label =
        el.getAttribute('aria-label') ??
        (labelElement ? (labelElement.querySelector('span') ?? labelElement).textContent : el.textContent) ??
        '';
      return `${el.tagName.toLowerCase()}:${label.trim()}`;
    });
    order.push(name);
    if (name === 'button:Decline') break;
  }
  const expected = [
    'a:Skip to main content',
    'select:Currency',
    'select:Language',
    'a:Sign In',
    'a:Gear Shop home page',
    'a:HOME',
    'a:SHOP',
    'a:NEW',
    'a:SALE',
    'a:CONTACT US',
    'input:Search',
    'button:Search',
    'a:My account',
    'a:Cart',
    'button:Accept',
    'button:Decline',
  ];
  const positions = expected.map((item) => order.indexOf(item));
  expect(positions, order.join(' | ')).not.toContain(-1);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(order[0]).toBe('a:Skip to main content');
});

test('the skip link moves focus to the main content', async ({ shop, page }) => {
  await shop.goto('/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

for (const [path, status] of [
  ['/', 200],
  ['/no-such-page', 404],
] as const) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ shop, axe, page }) => {
    await shop.goto(path, { status });
    await axe.check();
    // And with the islands hydrated and the bar dismissed.
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await cookieBar(page).getByRole('button', { name: 'Decline' }).click();
    await axe.check();
    shop.expectNoPageErrors();
  });
}

test('a toast left open by one page shows on the next, bottom-right, and closes by itself', async ({ shop, page }) => {
  await shop.goto('/');
  // What showToast() leaves behind right before a navigation (src/stores/toasts.ts).
  await page.evaluate(() =>
    sessionStorage.setItem(
      'shop.toasts',
      JSON.stringify([{ id: 'e2e', type: 'success', message: 'Item added to cart!', closesAt: Date.now() + 6000 }]),
    ),
  );
  await mainNav(page).getByRole('link', { name: 'HOME' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  const item = toasts.getByRole('listitem').filter({ hasText: 'Item added to cart!' });
  await expect(item).toBeVisible();
  const box = (await item.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  await expect(item).toHaveCount(0, { timeout: 10_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('shop.toasts'))).toBeNull();
  shop.expectNoPageErrors();
});

test('a language chosen before the picker has hydrated is the one applied (held change keeps its value)', async ({
  shop,
  page,
}) => {
  // The picker's code arrives late, as on a slow phone: the choice lands before hydration.
  await page.route(/\/_astro\/LanguagePicker[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await shop.goto('/static-page/1');
  await Promise.all([
    page.waitForURL('**/de/static-page/1'),
    page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' }),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
