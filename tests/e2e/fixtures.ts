/**
 * Shared Playwright fixtures: import `test` and `expect` from here, not from @playwright/test.
 *
 *   test('…', async ({ shop, axe }) => {
 *     await shop.goto('/');
 *     await axe.check();
 *   });
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type Response } from '@playwright/test';

import { type E2eMail, waitForMail } from './support/mailbox';

export { expect };

/** axe impacts that fail a test; minor and moderate findings are reported, not fatal. */
const FATAL_IMPACTS = new Set(['serious', 'critical']);
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeCheckOptions {
  /** CSS selectors to limit the scan to (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out, e.g. a third-party widget. */
  exclude?: string[];
  /** axe rule ids to skip; say why next to the call. */
  disableRules?: string[];
}

export interface Axe {
  /** Runs axe on the current page and fails on serious or critical WCAG 2.x A/AA violations. */
  check(options?: AxeCheckOptions): Promise<void>;
}

/** The API envelope of every /api call (see src/server/api/envelope.ts). */
export interface Envelope<T = unknown> {
  status: 'OK' | 'ERROR';
  payload?: T;
  message: string | null;
  errors?: Record<string, string[]>;
}

export class ShopPage {
  readonly pageErrors: Error[] = [];

  constructor(
    readonly page: Page,
    readonly request: APIRequestContext,
  ) {
    page.on('pageerror', (error) => this.pageErrors.push(error));
  }

  /** Navigates and asserts the server answered with the expected status (200 by default). */
  async goto(path: string, options: { status?: number } = {}): Promise<Response> {
    const response = await this.page.goto(path, { waitUntil: 'load' });
    expect(response, `no response for ${path}`).not.toBeNull();
    expect(response!.status(), `status of ${path}`).toBe(options.status ?? 200);
    return response!;
  }

  /** GET an /api path and return its parsed envelope, asserting the HTTP status. */
  async apiGet<T = unknown>(path: string, options: { status?: number } = {}): Promise<Envelope<T>> {
    const response = await this.request.get(path);
    expect(response.status(), `status of GET ${path}`).toBe(options.status ?? 200);
    expect(response.headers()['content-type']).toContain('application/json');
    return (await response.json()) as Envelope<T>;
  }

  /** Fails when the page threw an uncaught error since the test started (e.g. a broken island). */
  expectNoPageErrors(): void {
    expect(this.pageErrors.map((error) => error.message)).toEqual([]);
  }
}

function formatViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

export interface Mailbox {
  /** The newest mail the shop sent to `to` over SMTP, waiting up to 15 s for it. */
  waitFor(to: string, options?: { subject?: RegExp; timeoutMs?: number }): Promise<E2eMail>;
}

export const test = base.extend<{ shop: ShopPage; axe: Axe; mailbox: Mailbox }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this destructuring
  mailbox: async ({}, use) => {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
    await use({ waitFor: (to, options) => waitForMail(dataDir, to, options) });
  },
  shop: async ({ page, request }, use) => {
    await use(new ShopPage(page, request));
  },
  axe: async ({ page }, use, testInfo) => {
    await use({
      async check(options = {}) {
        let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
        for (const selector of options.include ?? []) builder = builder.include(selector);
        for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
        if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
        const results = await builder.analyze();
        const fatal = results.violations.filter((v) => FATAL_IMPACTS.has(v.impact ?? ''));
        const minor = results.violations.filter((v) => !FATAL_IMPACTS.has(v.impact ?? ''));
        if (minor.length) {
          testInfo.annotations.push({
            type: 'axe',
            description: `${minor.length} minor/moderate: ${minor.map((v) => v.id).join(', ')}`,
          });
        }
        expect(fatal, `axe found serious/critical violations on ${page.url()}:\n${formatViolations(fatal)}`).toEqual(
          [],
        );
      },
    });
  },
});
