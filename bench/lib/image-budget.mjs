// @ts-check
/**
 * The image budget of a page with real photos (issue 16, measured by bench/pages.mjs): on a
 * 412×915 phone (DPR 2.625, as the JS measurement), the bytes of every image drawn in the first
 * viewport (by its currentSrc, the file the browser chose from the srcset), the bytes of every
 * image loaded without scrolling (informative: lazy images near the fold load too), and the
 * cumulative layout shift while loading and then while scrolling to the bottom (lazy images with
 * width/height set must not move anything).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export const IMAGE_BUDGET = { firstViewportBytes: 120 * 1024, cls: 0 };

/** @param {import('playwright').Browser} browser @param {string} url */
export async function imageBudget(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  /** @type {Map<string, Promise<number>>} */
  const images = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    images.set(
      response.url(),
      response.body().then(
        (body) => body.length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await sleep(500);
  const drawn = await page.evaluate(() =>
    [...document.images]
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return (
          img.currentSrc &&
          r.width > 0 &&
          r.height > 0 &&
          r.top < window.innerHeight &&
          r.bottom > 0 &&
          r.left < window.innerWidth &&
          r.right > 0
        );
      })
      .map((img) => img.currentSrc),
  );
  const clsLoad = await page.evaluate(() => /** @type {any} */ (window).__cls);
  const bytesOf = async (/** @type {string} */ src) => (await images.get(src)) ?? 0;
  const firstViewport = (await Promise.all([...new Set(drawn)].map(bytesOf))).reduce((a, b) => a + b, 0);
  const loaded = (await Promise.all(images.values())).reduce((a, b) => a + b, 0);
  const loadedCount = images.size;
  // Down the page a screen at a time, as a reader would, letting lazy images arrive.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await sleep(150);
  }
  await page.waitForLoadState('networkidle');
  await sleep(300);
  const clsScroll = await page.evaluate(() => /** @type {any} */ (window).__cls);
  const formats = [...new Set(drawn.map((src) => /\.(\w+)(?:\?|$)/.exec(src)?.[1] ?? '?'))];
  await context.close();
  return { firstViewport, firstViewportImages: new Set(drawn).size, formats, loaded, loadedCount, clsLoad, clsScroll };
}
