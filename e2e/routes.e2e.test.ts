import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launchBrowser, newContext, PHONE } from './browser.ts';

/** Every route of spec section 2: it renders, without a page error or a sideways scroll. */
const ROUTES = [
  '/',
  '/profile',
  '/game',
  '/video',
  '/login',
  '/searchGames',
  '/recharge',
  '/rechargeRecord',
  '/recharge-payment',
  '/withdraw',
  '/withdrawalRecord',
  '/withdrawal-card',
  '/test12',
  '/cztx',
  '/promotion/activity',
  '/promotion/rebates',
  '/promotion/history',
  '/promotion/cover',
  '/promotion/activity/recharge',
  '/promotion/activity/invitation-activity',
  '/promotion/activity/lottery-wheel',
  '/promotion/activity/daily-loss-relief-fund',
  '/promotion/activity/recharge-rebate',
  '/information-center/support',
  '/information-center/notification',
  '/information-center/announcement',
  '/agency-center/invite',
  '/agency-center/agent',
  '/agency-center/invitation-record',
  '/agency-center/reward',
  '/agency-center/agency-mechanism',
  '/agency-center/register-subordinates',
  '/order-center',
  '/order-center/fee',
  '/order-center/association',
  '/security-center',
  '/security-center/verify-password',
  '/security-center/bind-email',
  '/security-center/change-password',
  '/bau-do-tesouro',
  '/vip',
  '/super',
  '/nivel',
  '/resgatar',
  '/agente',
  '/rebate',
  '/semana',
  '/misterioso',
  '/cashback',
  '/gameInfo',
  '/test',
  '/download',
];

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser, PHONE, 'pt-BR');
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
});

afterAll(async () => {
  await browser?.close();
});

async function visit(path: string): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const text = (await page.locator('body').innerText()).trim();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  return text;
}

describe('every route of the spec', () => {
  it('renders each route with content and no page error', async () => {
    for (const path of ROUTES) {
      const text = await visit(path);
      expect(text.length, `${path} is empty`).toBeGreaterThan(20);
      expect(text, `${path} shows an untranslated key`).not.toMatch(/\b(web|server|pages|auth|security)\.[a-z_]+\.[a-z_]+\b/);
    }
    expect(errors).toEqual([]);
  });

  it('renders /test12 and /cztx as the same page', async () => {
    const a = await visit('/test12');
    const b = await visit('/cztx');
    expect(a).toBe(b);
  });

  it('scrolls to the top on every navigation', async () => {
    await visit('/');
    await page.getByText('Categorias').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation').last().getByRole('link').nth(1).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('shows the desktop background only above 600 px', async () => {
    for (const [viewport, shown] of [
      [DESKTOP, 1],
      [{ width: 601, height: 800 }, 1],
      [{ width: 600, height: 800 }, 0],
      [PHONE, 0],
    ] as const) {
      const context = await newContext(browser, viewport, 'pt-BR');
      const other = await context.newPage();
      await other.goto('/');
      await other.getByText('Categorias').first().waitFor();
      expect(await other.getByTestId('desktop-background').count(), `${viewport.width}px`).toBe(shown);
      await context.close();
    }
  });

  it('registers the service worker, which controls the page after a reload', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE });
    const other = await context.newPage();
    await other.goto('/');
    const scope = await other.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL()}/`);
    await other.reload();
    await expect.poll(() => other.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The API is never served from the worker's cache.
    const fromWorker = await other.evaluate(async () => {
      const response = await fetch('/api/health');
      return response.headers.get('x-request-id') !== null;
    });
    expect(fromWorker).toBe(true);
    await context.close();
  });
});
