import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, depositWithPix } from './funded-member.ts';

/**
 * One bonus per deposit as a player meets it, in Portuguese: the recharge page offers the deposit
 * bonuses with "no bonus" and "choose later"; a member who deposits R$ 100,00 for the recharge
 * rebate finds the first-deposit bonus closed with the reason and claims the rebate. The back
 * office shows the bonus stacking setting, off.
 */

/** The back office's Portuguese texts (its default language). */
const admin = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt/admin.json'), 'utf8')) as {
  login: { submit: string };
  promotions: { stacking: { off: string } };
};

let browser: Browser;
const contexts: BrowserContext[] = [];
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

async function registerMember(prefix: string): Promise<string> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const registered = await apiCall<{ token: string }>('/api/auth/register2', {
    account: `${prefix}_${digits}`,
    password: 'player-pass-1',
    password_confirmation: 'player-pass-1',
    realname: 'Joana Prado',
    phone: `+55119${digits}`,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  expect(registered.status, registered.message).toBe('success');
  return registered.data.token;
}

async function memberPage(viewport: { width: number; height: number }, token: string): Promise<Page> {
  const context = await newContext(browser, viewport, 'pt-BR');
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('one bonus per deposit', () => {
  it('offers the deposit bonuses on the recharge page; without a choice the first bonus claimed takes the deposit', async () => {
    const token = await registerMember('bonusd');
    const page = await memberPage(DESKTOP, token);
    await page.goto('/recharge');
    const choice = page.getByTestId('deposit-bonus');
    await choice.waitFor();
    for (const type of ['ftd', 'welcome', 'rechargerebate', 'none', 'later']) await choice.getByTestId(`bonus-option-${type}`).waitFor();
    await screenshot(page, 'recharge-bonus-1440x900');

    // "Choose later": the first-deposit bonus claimed takes the deposit, the rebate page says so.
    await depositWithPix(token, '100');
    expect((await apiCall<unknown>('/api/ftd/claim', {}, token)).status).toBe('success');
    await page.goto('/promotion/activity/recharge-rebate');
    // The phone layout lists cards and the wide one a table: the visible one of the two.
    const closed = page.locator('[data-testid="rebate-closed"]:visible').first();
    await closed.waitFor();
    expect(plain(await closed.textContent())).toBe('Um bônus por depósito: este depósito já foi usado em "Primeiro depósito"');
    await screenshot(page, 'promo-rebate-closed-1440x900');
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid="rebate-closed"]:visible').first().waitFor();
    await screenshot(page, 'promo-rebate-closed-390x844');
  });

  it('keeps a deposit for the bonus chosen on the recharge page; the others say why', async () => {
    const token = await registerMember('bonusp');
    const page = await memberPage(PHONE, token);
    await page.goto('/recharge');
    const choice = page.getByTestId('deposit-bonus');
    await choice.waitFor();
    await page.locator('input[name="money"]').fill('100');
    await choice.getByTestId('bonus-option-rechargerebate').click();
    await screenshot(page, 'recharge-bonus-390x844');
    await page.getByRole('button', { name: 'Depositar agora' }).click();
    await page.waitForURL(/\/recharge-payment\?order_no=/);
    const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';

    // The player's bank pays the charge (the sandbox bank's pay button is a form post).
    const order = await apiCall<{ sandbox_pay_url: string }>(`/api/recharge/order?order_no=${orderNo}`, undefined, token);
    const pay = await fetch(new URL(order.data.sandbox_pay_url, page.url()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status).toBeLessThan(400);
    await expect
      .poll(async () => (await apiCall<{ money: string }>('/api/auth/me', {}, token)).data.money, { timeout: 15_000 })
      .toBe('100.00');

    const chosen = 'Um bônus por depósito: você escolheu "Reembolso de recarga" para este depósito';
    await page.goto('/promotion/activity/recharge');
    const ftd = page.getByTestId('ftd-panel');
    await ftd.getByText(chosen).waitFor();
    await screenshot(page, 'promo-ftd-bonus-chosen-390x844');

    await page.goto('/promotion/activity/recharge-rebate');
    await page.getByTestId('rebate-claim').first().click();
    await page.getByText('Recompensa resgatada com sucesso!', { exact: true }).first().waitFor({ timeout: 15_000 });
    const rebate = await apiCall<{ items: { is_claimed: number }[] }>('/api/rechargerebate/check', {}, token);
    expect(rebate.data.items.map((item) => item.is_claimed)).toEqual([1]);
    // Once the rebate is paid, the deposit has funded it.
    expect((await apiCall<{ message: string }>('/api/welcome/check', {}, token)).data.message).toBe(
      'Um bônus por depósito: este depósito já foi usado em "Reembolso de recarga"',
    );
  });

  it('shows the bonus stacking setting in the back office, off', async () => {
    for (const [viewport, name] of [
      [PHONE, '390x844'],
      [DESKTOP, '1440x900'],
    ] as const) {
      const context = await newContext(browser, viewport, 'pt-BR');
      contexts.push(context);
      const page = await context.newPage();
      const { username, password } = adminCredentials();
      await page.goto('/admin/login');
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(password);
      await page.getByRole('button', { name: admin.login.submit }).click();
      await page.waitForURL(/\/admin\/dashboard/);
      await page.goto('/admin/activities');
      const card = page.getByTestId('bonus-stacking');
      await card.waitFor();
      expect(plain(await card.textContent())).toContain(admin.promotions.stacking.off);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-bonus-stacking-${name}`);
    }
  });
});
