import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './funded-member.ts';
import { baseURL, launchBrowser, newContext, PHONE } from './browser.ts';

/**
 * The player site with its service worker installed, as a returning player has it (every other
 * e2e file blocks the worker). After the worker controls the page and the page is reloaded, the
 * worker answers the site's own routes with the app shell, and leaves the server's pages to the
 * server: the sandbox bank (/sandbox-psp) pays a deposit that is credited, and the sandbox
 * provider's game page (/sandbox-provider) loads inside the /gameInfo frame (the shell's CSP,
 * frame-ancestors 'none', would refuse it if the worker answered it).
 */

const SLOT_GAME = { code: 'sandbox-tigre-sortudo', name: 'Tigre Sortudo' };
const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const password = 'player-pass-1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

const balance = (target: Page) => target.getByTestId('header-balance');

/** The answer to a navigation (`fromServiceWorker()` says whether the worker gave it). */
async function visit(target: Page, path: string): Promise<Response> {
  const response = await target.goto(path);
  if (!response) throw new Error(`no answer for ${path}`);
  return response;
}

beforeAll(async () => {
  const registered = await apiCall<{ token: string }>('/api/auth/register2', {
    account: `worker_${digits}`,
    password,
    password_confirmation: password,
    realname: 'Beatriz Lima',
    phone: `+55419${digits}`,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  expect(registered.status, registered.message).toBe('success');
  token = registered.data.token;

  browser = await launchBrowser();
  context = await newContext(browser, PHONE, 'pt-BR', 'allow');
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('with the service worker installed', () => {
  it('controls the page after the first visit and answers the site routes itself after a reload', async () => {
    await visit(page, '/');
    await page.evaluate((value) => sessionStorage.setItem('token', value), token);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL()}/sw.js`);

    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The worker is really in the way: a route of the site comes from its cache, not the server.
    const profile = await visit(page, '/profile');
    expect(profile.fromServiceWorker()).toBe(true);
    await balance(page).waitFor();
  });

  it('pays a deposit in the sandbox bank page, which the worker leaves to the server, and sees it credited', async () => {
    await visit(page, '/recharge');
    await expect.poll(() => balance(page).textContent()).toBe('R$ 0,00');
    const form = page.getByRole('form', { name: 'Depositar' });
    await form.getByRole('button', { name: 'R$ 100', exact: true }).click();
    await form.getByRole('button', { name: 'Depositar agora' }).click();
    await page.waitForURL(/\/recharge-payment\?order_no=/);

    // The bank opens in a new tab of the same browser, under the worker's scope.
    const [bank, bankPage] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (response) => response.url().includes('/sandbox-psp/pay/')),
      page.getByRole('link', { name: 'Pagar no banco sandbox' }).click(),
    ]);
    expect(bankPage.fromServiceWorker()).toBe(false);
    expect(bankPage.status()).toBe(200);
    await bank.getByRole('heading', { name: 'Banco sandbox' }).waitFor();

    const [paid] = await Promise.all([
      bank.waitForResponse((response) => response.request().method() === 'POST'),
      bank.getByRole('button', { name: /^Pagar/ }).click(),
    ]);
    expect(paid.status(), `sandbox bank pay answered ${paid.status()}`).toBeLessThan(400);
    await bank.getByText('Pago. Você pode fechar esta página.').waitFor();
    await bank.close();

    await page.getByTestId('deposit-credited').waitFor({ timeout: 15_000 });
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('R$ 100,00');

    // Opened straight in the controlled tab (a bookmark, a reload), the bank page still comes from the server.
    const bankUrl = bank.url();
    const again = await visit(page, new URL(bankUrl).pathname);
    expect(again.fromServiceWorker()).toBe(false);
    await page.getByRole('heading', { name: 'Banco sandbox' }).waitFor();
  });

  it("opens the sandbox provider's game, whose page loads inside the frame with the member's balance", async () => {
    const [shell, frame] = await Promise.all([
      visit(page, `/gameInfo?code=${SLOT_GAME.code}`),
      page.waitForResponse((response) => response.url().includes('/sandbox-provider/play')),
    ]);
    expect(shell.fromServiceWorker()).toBe(true);
    expect(frame.fromServiceWorker()).toBe(false);
    expect(frame.status()).toBe(200);
    expect(await frame.headerValue('content-security-policy')).toContain("frame-ancestors 'self'");

    const provider = page.frameLocator('[data-testid="provider-frame"]');
    await provider.getByText('Sandbox Studio', { exact: false }).first().waitFor();
    await provider.getByText(SLOT_GAME.name).first().waitFor();
    // The provider's server read the balance through the seamless wallet, over this server's own address.
    await expect.poll(() => provider.locator('.wallet').textContent(), { timeout: 10_000 }).toContain('100,00');
  });
});
