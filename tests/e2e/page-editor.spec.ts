import sharp from 'sharp';
import { expect, test } from './fixtures';
import { EDITOR, signInToBackOffice } from './support/back-office';
import { BASE } from './support/shopper';

/**
 * Issue 17's marketer, who never types HTML: in the visual editor (/admin/pages) builds a landing
 * page from a hero with an uploaded photo, rich text with a link, a product grid of the sale and
 * an FAQ block; moves a block by keyboard; gives German texts; previews it at phone width; shares a
 * preview link that opens signed out; writes its meta description and sharing photo; schedules it
 * (the page-schedule job puts it up); finds it public in German with English fallback, meta
 * description, OG image and FAQPage JSON-LD; and restores an older version.
 */

test('a marketer builds, previews, shares, schedules and restores a landing page without HTML', async ({
  page,
  browser,
  axe,
}) => {
  // The schedule job runs once a minute on the e2e server: waiting for it takes up to that long.
  test.setTimeout(240_000);
  page.on('dialog', (dialog) => dialog.accept());
  const slug = `camp-${Date.now().toString(36)}`;
  await signInToBackOffice(page, EDITOR);

  await page.goto('/admin/pages/new');
  await page.getByLabel('Title').fill('Summer camp');
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  const pageUrl = page.url();

  await page.getByRole('button', { name: 'Build this page from blocks' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  // The layout changed: the page reloads without the HTML source field.
  await expect(page.getByText('No blocks yet: add the first one below.')).toBeVisible();
  await expect(page.getByLabel('Content (HTML source)')).toHaveCount(0);

  const addBlock = async (type: string) => {
    await page.getByLabel('New block').selectOption({ label: type });
    await page.getByRole('button', { name: 'Add block' }).click();
  };
  const block = (name: string) => page.getByRole('listitem', { name });

  // A hero with a photo uploaded from the picker.
  await addBlock('Hero');
  const hero = block('Hero (block 1)');
  await hero.getByLabel('Heading').fill('Summer camp');
  await hero.getByLabel('Text', { exact: true }).fill('Tents and packs for the long days');
  await hero.getByLabel('Button text').fill('Shop the sale');
  await hero.getByLabel('Button link').fill('/products/all/all?sale=1');
  await hero.getByRole('button', { name: 'Choose photo: Hero photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a photo' });
  await expect(dialog).toBeVisible();
  // Bytes of its own: the library keeps one asset per content, named by its first upload.
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 20 + (Date.now() % 200), g: 91, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel(/Upload a new photo/)
    .setInputFiles({ name: 'camp-hero.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(hero.getByText(/camp-hero\.jpg/)).toBeVisible();

  // Rich text with a link, through the toolbar and the link field: no HTML typed.
  await addBlock('Rich text');
  const text = block('Rich text (block 2)');
  const area = text.getByRole('textbox', { name: 'Text', exact: true });
  await area.click({ timeout: 15_000 });
  await page.keyboard.type('Read our delivery terms');
  await page.keyboard.press('ControlOrMeta+a');
  await text.getByRole('button', { name: 'Bold' }).click();
  await expect(text.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await area.click();
  await page.keyboard.press('ControlOrMeta+a');
  await text.getByLabel('Link address for the selected text').fill('/static-page/terms');
  await text.getByRole('button', { name: 'Set link' }).click();
  await expect(area.getByRole('link', { name: 'Read our delivery terms' })).toHaveAttribute(
    'href',
    '/static-page/terms',
  );

  await addBlock('Product grid');
  await block('Product grid (block 3)').getByLabel('Heading').fill('On sale now');
  await addBlock('Questions (FAQ)');
  const faq = block('Questions (FAQ) (block 4)');
  await faq.getByRole('checkbox').first().check();

  // By keyboard: the FAQ block moves up one place and keeps the focus.
  const moveUp = page.getByRole('button', { name: 'Move Questions (FAQ) (block 4) up' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Questions (FAQ) moved to position 3 of 4.' }),
  ).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Questions (FAQ) (block 3) up' })).toBeFocused();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved: not public yet.')).toBeVisible();
  await axe.check({ exclude: ['iframe'] });

  // The preview is the real page, at phone width.
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Preview at phone width"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Summer camp');
  await expect(page.locator('iframe[title="Preview at phone width"]')).toHaveAttribute('width', '390');
  await expect(frame.getByRole('region', { name: 'On sale now' }).getByRole('article').first()).toBeVisible();

  // German texts: only the hero's heading; the rest falls back to English.
  await page.goto(`${pageUrl}?lang=de`);
  await page.getByRole('button', { name: /^Hero/ }).click();
  await block('Hero (block 1)').getByLabel('Heading').fill('Sommercamp');
  await page.getByRole('button', { name: 'Save Deutsch draft' }).click();
  await expect(page.getByText('Draft saved: not public yet.')).toBeVisible();
  // The German tab previews the German page at its own address, with the English fallback.
  const germanFrame = page.frameLocator('iframe[title="Preview at phone width"]');
  await expect(page.locator('iframe[title="Preview at phone width"]')).toHaveAttribute('src', /^\/de\/static-page\//);
  await expect(germanFrame.getByRole('heading', { level: 1 })).toHaveText('Sommercamp');
  await expect(germanFrame.locator('html')).toHaveAttribute('lang', 'de');

  // Search and sharing, in English: a description and the hero photo as the sharing photo.
  await page.goto(pageUrl);
  await page.getByLabel('Meta description').fill('Tents and packs for summer camps, up to 40 % off.');
  await page.getByRole('button', { name: 'Choose photo: Sharing photo' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a photo' })
    .getByRole('button', { name: /camp-hero\.jpg/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save search and sharing' }).click();
  await expect(page.getByText('Search and sharing saved.')).toBeVisible();

  // A preview link opens signed out while the page is still a draft.
  await page.getByRole('button', { name: 'Create preview link' }).click();
  const link = await page.getByLabel(/^Preview link/).inputValue();
  const guest = await browser.newContext();
  await guest.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const outsider = await guest.newPage();
  expect((await outsider.goto(`/static-page/${slug}`))?.status()).toBe(404);
  const previewed = await outsider.goto(link);
  expect(previewed?.headers()['x-robots-tag']).toBe('noindex');
  // Only a preview may be framed, and only by the shop itself (the editor's preview pane).
  expect(previewed?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(previewed?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Summer camp');

  // Scheduled for now: the page-schedule job puts it up, with its draft.
  const now = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await page.getByLabel('Publish at', { exact: true }).fill(now);
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  // The German page at its own address (ADR 028).
  await expect
    .poll(async () => (await outsider.goto(`/de/static-page/${slug}`))?.status(), {
      timeout: 150_000,
      intervals: [5_000],
    })
    .toBe(200);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Sommercamp');
  const publicPage = await outsider.goto(`/de/static-page/${slug}`);
  expect(publicPage?.headers()['x-frame-options']).toBe('DENY');
  await expect(outsider.getByText('Tents and packs for the long days')).toBeVisible();
  // The marketer's link follows the page's language.
  await expect(outsider.getByRole('link', { name: 'Read our delivery terms' })).toHaveAttribute(
    'href',
    '/de/static-page/terms',
  );
  const alternate = (lang: string) => outsider.locator(`link[rel="alternate"][hreflang="${lang}"]`);
  await expect(alternate('de')).toHaveAttribute('href', /\/de\/static-page\/\d+$/);
  await expect(alternate('fr')).toHaveAttribute('href', /\/fr\/static-page\/\d+$/);
  await expect(alternate('en')).toHaveAttribute('href', /[^/]\/static-page\/\d+$/);
  await expect(alternate('x-default')).toHaveAttribute('href', (await alternate('en').getAttribute('href'))!);
  await expect(outsider.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    (await alternate('de').getAttribute('href'))!,
  );
  await expect(outsider.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Tents and packs for summer camps, up to 40 % off.',
  );
  await expect(outsider.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/media\/[0-9a-f]{64}\/og\.jpg$/,
  );
  const jsonLd = await outsider.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((t) => (JSON.parse(t) as { '@type': string })['@type'])).toContain('FAQPage');
  // English, at the English address: the texts nobody translated fall back; the alternates are the same.
  // (A stored choice would send the unprefixed address to German: this visitor has none.)
  await guest.clearCookies();
  await outsider.evaluate(() => localStorage.clear());
  await outsider.goto(`/static-page/${slug}`);
  await expect(outsider.locator('html')).toHaveAttribute('lang', 'en');
  await expect(outsider.getByText('Tents and packs for the long days')).toBeVisible();
  await expect(alternate('de')).toHaveAttribute('href', /\/de\/static-page\/\d+$/);

  // A change saved as a draft is not public; published, it is; restoring the version before it brings the page back.
  await page.goto(`${pageUrl}?lang=de`);
  await page.getByRole('button', { name: /^Hero/ }).click();
  await block('Hero (block 1)').getByLabel('Heading').fill('Wintercamp');
  await page.getByRole('button', { name: 'Save Deutsch draft' }).click();
  await expect(page.getByText('Draft saved: not public yet.')).toBeVisible();
  await outsider.goto(`/de/static-page/${slug}`);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Sommercamp');
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByText('Same as the published page.')).toBeVisible();
  await outsider.goto(`/de/static-page/${slug}`);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Wintercamp');
  const history = page.locator('section[aria-labelledby="versions-title"]');
  await expect(history.getByText(/publish draft/).first()).toBeVisible();
  await history
    .getByRole('button', { name: /^Restore version/ })
    .first()
    .click();
  await expect(history.getByText(/restore: restored version \d+/).first()).toBeVisible();
  await outsider.goto(`/de/static-page/${slug}`);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Sommercamp');
  await guest.close();
});

test('"About us" built from blocks keeps its text in a first rich-text block, in every language', async ({ page }) => {
  test.slow();
  page.on('dialog', (dialog) => dialog.accept());
  await signInToBackOffice(page, EDITOR);
  await page.goto('/admin/pages');
  await page.getByRole('main').getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  const pageUrl = page.url();

  await page.getByRole('button', { name: 'Build this page from blocks' }).click();
  const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await page.getByRole('button', { name: 'Save draft' }).click();
  await reloaded;
  const first = page.getByRole('listitem', { name: 'Rich text (block 1)' });
  await first.getByRole('button', { name: /^Rich text/ }).click();
  await expect(first.getByRole('textbox', { name: 'Text', exact: true })).toContainText(
    'started in 2012 as a two-person workshop',
  );
  await expect(first.getByRole('textbox', { name: 'Text', exact: true }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('listitem', { name: 'Rich text (block 2)' })).toHaveCount(0);

  await page.goto(`${pageUrl}?lang=de`);
  const german = page.getByRole('listitem', { name: 'Rich text (block 1)' });
  await german.getByRole('button', { name: /^Rich text/ }).click();
  await expect(german).toContainText('begann 2012 als Zwei-Personen-Werkstatt');

  // Only the draft changed: visitors still see the page as it was.
  const shop = await page.context().newPage();
  await shop.goto(`${BASE}/static-page/about`);
  await expect(shop.getByRole('main')).toContainText('started in 2012 as a two-person workshop');
  await shop.close();

  await page.goto(pageUrl);
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByRole('button', { name: 'Build this page from blocks' })).toBeVisible();
});
