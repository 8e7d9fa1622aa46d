import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * The first paint before the JavaScript (packages/shared/src/app-shell.ts): with the site's
 * scripts held back, as a phone's slow network holds them, the page already shows the header bar
 * with the logo and, on the home page only, the first banner image where the banner goes. The
 * shell's inline script runs under the server's content-security policy (allowed by its hash,
 * with no violation), and React's first render replaces the shell.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose JavaScript modules never arrive (the inline shell script still runs). */
async function withoutModules(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

describe('the app shell', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`paints the header and the home banner before any script, at ${name} size`, async () => {
      const context = await newContext(browser, viewport);
      try {
        const { page, violations } = await withoutModules(context);
        await page.goto('/', { waitUntil: 'load' });
        const logo = page.locator('.app-shell-logo');
        const banner = page.locator('.app-shell-hero img');
        await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const box = await banner.boundingBox();
        expect(box?.width).toBeGreaterThan(viewport.width * 0.7);
        expect(box?.y).toBeLessThan(120);
        expect(violations).toEqual([]);
        await screenshot(page, `app-shell-home-${name}`);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the banner to the home page: another route gets the header alone', async () => {
    const context = await newContext(browser, PHONE);
    try {
      const { page, violations } = await withoutModules(context);
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
      });
      await page.goto('/sports', { waitUntil: 'load' });
      await expect.poll(() => page.locator('.app-shell-logo').isVisible()).toBe(true);
      expect(await page.locator('.app-shell-hero').count()).toBe(0);
      expect(images).not.toContain('/images/hero-1.webp');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives way to the page once the scripts run', async () => {
    const context = await newContext(browser, PHONE);
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/');
      await expect.poll(() => page.locator('header img[alt="Aurora Bet"]').isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await page.locator('.app-shell').count()).toBe(0);
      // The page's own banner is where the shell's was.
      await expect.poll(() => page.locator('section[aria-roledescription="carousel"] img').first().isVisible()).toBe(true);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
