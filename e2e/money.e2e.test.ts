import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, adminCredentials, baseURL, launchBrowser, newContext, randomCpf, recordFailure, screenshot } from './browser.ts';

/**
 * Money end to end, in Portuguese on a phone: deposit R$ 100,00 with PIX through the sandbox
 * bank and see the balance change without a reload; register a PIX key; withdraw R$ 30,00, an
 * operator approves it and the record shows it paid; a second withdrawal is rejected and the
 * money comes back with the reason shown. The server runs with CASINO_CAPTCHA=disabled.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');
const serverCatalogue = JSON.parse(readFileSync(join(LOCALES, 'server.json'), 'utf8')) as Record<string, Record<string, string>>;
/** The spec's success alert, as the server says it in Portuguese. */
const WITHDRAWAL_SUBMITTED = serverCatalogue.money?.withdrawal_submitted ?? '';

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `money_${digits}`;
const password = 'player-pass-1';
const qkPwd = '246810';
const CPF = randomCpf();
const REJECT_REASON = 'Dados bancários divergentes (teste e2e)';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

type Envelope<T> = { status: string; message: string; data: T };
type AdminWithdrawal = { id: number; order_no: string; member_name: string; amount: string; status: string };

async function adminToken(): Promise<string> {
  const login = await api<Envelope<{ token: string }>>('/api/admin/auth/login', { body: adminCredentials() });
  expect(login.body.status, login.body.message).toBe('success');
  return login.body.data.token;
}

/** The member's withdrawal waiting for review (the newest one), as the back office lists it. */
async function pendingWithdrawal(operator: string): Promise<AdminWithdrawal> {
  const list = await api<Envelope<{ list: AdminWithdrawal[] }>>('/api/admin/withdrawals?status=pending_review&page_size=100', {
    token: operator,
  });
  expect(list.body.status, list.body.message).toBe('success');
  const mine = list.body.data.list.filter((w) => w.member_name === account);
  expect(mine.length).toBeGreaterThan(0);
  return mine[0]!;
}

/** Logs a fresh tab in by putting the token where the app keeps it (spec section 4). */
async function logIn(target: Page): Promise<void> {
  await target.goto('/');
  await target.evaluate((value) => sessionStorage.setItem('token', value), token);
}

const balance = (target: Page) => target.getByTestId('header-balance');

async function withdraw(amount: string): Promise<void> {
  await page.goto('/withdraw');
  const form = page.getByRole('form', { name: 'Sacar' });
  await form.locator('input[name="money"]').fill(amount);
  await form.locator('input[name="qk_pwd"]').fill(qkPwd);
  await form.getByRole('button', { name: 'Sacar' }).click();
  const alert = page.getByRole('dialog');
  await alert.getByText(WITHDRAWAL_SUBMITTED).waitFor();
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  const registered = await api<Envelope<{ token: string }>>('/api/auth/register2?lang=pt', {
    body: {
      account,
      password,
      password_confirmation: password,
      realname: 'Joana Pereira',
      phone: `+55119${digits}`,
      captcha_key: 'x',
      captcha: 'x',
      agree: true,
    },
  });
  expect(registered.body.status, registered.body.message).toBe('success');
  token = registered.body.data.token;
  const qk = await api<Envelope<null>>('/api/security/qk-password/set?lang=pt', {
    token,
    body: { password, qk_pwd: qkPwd, qk_pwd_confirmation: qkPwd },
  });
  expect(qk.body.status, qk.body.message).toBe('success');

  browser = await launchBrowser();
  context = await newContext(browser, PHONE, 'pt-BR');
  page = await context.newPage();
  await logIn(page);
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await recordFailure(page, context.task.name);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('money', () => {
  it('deposits R$ 100,00 with PIX and sees the credit without reloading', async () => {
    await page.goto('/recharge');
    await expect.poll(() => balance(page).textContent()).toBe('R$ 0,00');
    const form = page.getByRole('form', { name: 'Depositar' });
    await page.getByText('Regras de transação').waitFor();
    await form.getByRole('button', { name: 'R$ 100', exact: true }).click();
    expect(await form.locator('input[name="money"]').inputValue()).toBe('100');
    await page.waitForTimeout(200); // the chip's colour transition, for the screenshot
    await screenshot(page, 'money-recharge-390x844');

    await form.getByRole('button', { name: 'Depositar agora' }).click();
    await page.waitForURL(/\/recharge-payment\?order_no=/);
    await page.getByTestId('deposit-amount').getByText('R$ 100,00').waitFor();
    expect(await page.getByTestId('pix-code').textContent()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await expect.poll(() => page.getByTestId('countdown').textContent()).toMatch(/^\d\d:\d\d$/);
    await screenshot(page, 'money-recharge-payment-390x844');

    // A marker on window survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });
    const [bank] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Pagar no banco sandbox' }).click()]);
    await bank.waitForLoadState();
    // The bank's pay button posts its form; the server answers with the paid page (303).
    const [paid] = await Promise.all([
      bank.waitForResponse((response) => response.request().method() === 'POST'),
      bank.getByRole('button').first().click(),
    ]);
    expect(paid.status(), `sandbox bank pay answered ${paid.status()}: ${await paid.text().catch(() => '')}`).toBeLessThan(400);
    await bank.waitForLoadState();
    await bank.close();

    await page.getByTestId('deposit-credited').waitFor({ timeout: 15_000 });
    await page.getByText('Depósito creditado').waitFor();
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('R$ 100,00');
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    await page.goto('/rechargeRecord');
    await page.locator('[data-status="credited"]').first().waitFor();
  });

  it('registers a PIX key of type CPF', async () => {
    await page.goto('/withdrawal-card');
    const form = page.getByRole('form', { name: 'Adicionar chave PIX' });
    // Client-side check first: a CPF with wrong check digits never reaches the server.
    await form.locator('select[name="account_type"]').selectOption('cpf');
    await form.locator('input[name="account"]').fill('52998224720');
    await form.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await form.getByText('Informe um CPF válido', { exact: false }).or(form.locator('[data-field-error="account"]')).first().waitFor();

    // As a player replaces a masked value: select it all, delete, paste the new number. On CI,
    // after five other files, the pasted text was once lost about two seconds after the page
    // opened (the field focused and empty, no dialog: recordFailure's screenshot); not understood
    // yet, so the paste is tried again once before the value is asserted.
    const account = form.locator('input[name="account"]');
    const masked = CPF.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    for (let attempt = 0; attempt < 2 && (await account.inputValue()) !== masked; attempt += 1) {
      await account.click();
      await account.press('Control+A');
      await account.press('Backspace');
      await page.keyboard.insertText(CPF);
      await expect
        .poll(() => account.inputValue(), { timeout: 2_000 })
        .toBe(masked)
        .catch(() => undefined);
    }
    expect(await account.inputValue()).toBe(masked);
    await form.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await page.getByTestId('pix-key').first().waitFor();
    expect(await page.getByTestId('pix-key').count()).toBe(1);
    await screenshot(page, 'money-withdrawal-card-390x844');
  });

  it('withdraws R$ 30,00; the operator approves it and the record shows it paid', async () => {
    await withdraw('30');
    await screenshot(page, 'money-withdraw-390x844');
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('R$ 70,00');

    const operator = await adminToken();
    const pending = await pendingWithdrawal(operator);
    expect(pending.amount).toBe('30.00');
    const approved = await api<Envelope<unknown>>(`/api/admin/withdrawals/${pending.id}/approve`, { token: operator, body: {} });
    expect(approved.body.status, approved.body.message).toBe('success');

    await page.goto('/withdrawalRecord');
    const row = page.locator(`[data-testid="withdrawal-row"][data-order="${pending.order_no}"]`);
    await row.locator('[data-status="paid"]').waitFor({ timeout: 15_000 });
    await row.getByText('Pago', { exact: true }).waitFor();
  });

  it('a rejected withdrawal shows the reason and gives the money back', async () => {
    await withdraw('25,50');
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('R$ 44,50');

    const operator = await adminToken();
    const pending = await pendingWithdrawal(operator);
    expect(pending.amount).toBe('25.50');
    await page.goto('/withdrawalRecord');
    const row = page.locator(`[data-testid="withdrawal-row"][data-order="${pending.order_no}"]`);
    await row.locator('[data-status="pending_review"]').waitFor();

    const rejected = await api<Envelope<unknown>>(`/api/admin/withdrawals/${pending.id}/reject`, {
      token: operator,
      body: { reason: REJECT_REASON },
    });
    expect(rejected.body.status, rejected.body.message).toBe('success');

    // Pushed over the websocket: the open record page and the header follow without a reload.
    await row.locator('[data-status="rejected"]').waitFor({ timeout: 15_000 });
    await row.getByTestId('reject-reason').getByText(REJECT_REASON).waitFor();
    await screenshot(page, 'money-withdrawal-record-390x844');
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('R$ 70,00');
  });

  it('shows the order centre with the week totals', async () => {
    await page.goto('/order-center');
    await expect.poll(() => page.getByTestId('total_recharge_amount').textContent()).toBe('R$ 100,00');
    await page.getByRole('tab', { name: 'Últimos 7 dias' }).click();
    await page.getByRole('tab', { name: 'Últimos 7 dias', selected: true }).waitFor();
    await expect.poll(() => page.getByTestId('total_withdraw_amount').textContent()).toBe('R$ 30,00');
    await page.locator('.uplot').waitFor();
    await page.waitForTimeout(300); // the tab's colour transition, for the screenshot
    await screenshot(page, 'money-order-center-390x844');

    await page.goto('/order-center/association');
    await page.getByText('+R$ 100,00').first().waitFor();
  });

  it('looks finished on a desktop screen', async () => {
    const desktop = await newContext(browser, DESKTOP, 'pt-BR');
    try {
      const wide = await desktop.newPage();
      await logIn(wide);
      await wide.goto('/recharge');
      await wide.getByRole('button', { name: 'R$ 200', exact: true }).click();
      await wide.getByText('Regras de transação').waitFor();
      await screenshot(wide, 'money-recharge-1440x900');

      await wide.getByRole('button', { name: 'Depositar agora' }).click();
      await wide.waitForURL(/\/recharge-payment\?order_no=/);
      await wide.getByTestId('countdown').waitFor();
      await screenshot(wide, 'money-recharge-payment-1440x900');

      await wide.goto('/withdraw');
      await wide.locator('input[name="money"]').waitFor();
      await screenshot(wide, 'money-withdraw-1440x900');

      await wide.goto('/order-center');
      await wide.getByRole('tab', { name: 'Últimos 7 dias' }).click();
      await wide.locator('.uplot').waitFor();
      await wide.waitForTimeout(300); // the tab's colour transition, for the screenshot
      await screenshot(wide, 'money-order-center-1440x900');

      for (const path of ['/cztx', '/test12']) {
        await wide.goto(path);
        await wide.getByText('Depósito rápido').waitFor();
        await wide.getByText('Saque rápido').waitFor();
      }
      await screenshot(wide, 'money-cztx-1440x900');
    } finally {
      await desktop.close();
    }
  });
});
