import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { baseURL, DESKTOP, launchBrowser, newContext, PHONE, randomCpf, screenshot } from './browser.ts';
import { apiCall } from './funded-member.ts';

/**
 * Responsible gaming end to end (issue 12), in Portuguese: a member sets a daily deposit limit in
 * the centre, a deposit above it is refused with the server's message kept on screen; another
 * member self-excludes with the login password, then deposits and bets are refused with the
 * message and a withdrawal still goes through. Screenshots of the centre on a phone and a desktop.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');
const server = JSON.parse(readFileSync(join(LOCALES, 'server.json'), 'utf8')) as Record<string, Record<string, string>>;
const WITHDRAWAL_SUBMITTED = server.money?.withdrawal_submitted ?? '';

const password = 'player-pass-1';
const qkPwd = '246810';

type Member = { account: string; token: string; cpf: string };

/** Registers a member over the API, with a withdrawal password and a PIX key of type CPF. */
async function newMember(prefix: string): Promise<Member> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const account = `${prefix}_${digits}`;
  const registered = await apiCall<{ token: string }>('/api/auth/register2', {
    account,
    password,
    password_confirmation: password,
    realname: 'Marina Souza',
    phone: `+55119${digits}`,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  expect(registered.status, registered.message).toBe('success');
  const token = registered.data.token;
  const qk = await apiCall('/api/security/qk-password/set', { password, qk_pwd: qkPwd, qk_pwd_confirmation: qkPwd }, token);
  expect(qk.status, qk.message).toBe('success');
  const cpf = randomCpf();
  const key = await apiCall('/api/memberbanks/save', { account_type: 'cpf', account: cpf, name: 'Marina Souza', cpf_id: cpf }, token);
  expect(key.status, key.message).toBe('success');
  return { account, token, cpf };
}

/** Deposits by PIX paid from the member's own CPF (the sandbox bank's form names the payer). */
async function depositFromOwnCpf(member: Member, reais: string): Promise<void> {
  const channels = await apiCall<{ list: { id: number }[] }>('/api/payment/online/list', undefined, member.token);
  const order = await apiCall<{ sandbox_pay_url: string | null }>(
    '/api/recharge/online',
    { money: reais, payment_id: channels.data.list[0]!.id },
    member.token,
  );
  expect(order.status, order.message).toBe('success');
  const pay = await fetch(`${baseURL()}${order.data.sandbox_pay_url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payer_cpf: member.cpf }).toString(),
    redirect: 'manual',
  });
  expect(pay.status).toBeLessThan(400);
  const expected = moneyStringToCentavos(reais);
  await expect
    .poll(async () => moneyStringToCentavos((await apiCall<{ money: string }>('/api/auth/me', {}, member.token)).data.money), {
      timeout: 15_000,
    })
    .toBe(expected);
}

let browser: Browser;
const contexts: BrowserContext[] = [];

/** A phone-sized tab logged in as the member (the token where the app keeps it). */
async function memberPage(member: Member, viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const context = await newContext(browser, viewport, 'pt-BR');
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('token', value), member.token);
  return page;
}

/** Replaces a field's value as a player does it (select all, type): fill() over masked inputs is racy. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.press('Control+A');
  await input.press('Backspace');
  await page.keyboard.insertText(text);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('responsible gaming', () => {
  it('a daily deposit limit applies at once and a deposit above it is refused with the message', async () => {
    const member = await newMember('limit');
    const page = await memberPage(member);
    await page.goto('/jogo-responsavel');
    await page.getByRole('heading', { name: 'Limites' }).waitFor();
    await screenshot(page, 'responsible-centre-390x844');

    await page.getByRole('button', { name: 'Alterar: Limite diário de depósito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limite diário de depósito' });
    await typeInto(page, 'input[name="limit"]', '50');
    await dialog.getByRole('button', { name: 'Salvar limite' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('limit-deposit-day');
    await expect.poll(() => row.textContent()).toContain('R$ 0,00 de R$ 50,00');

    // Raising it waits 24 hours: the centre shows the pending value and when it applies.
    await page.getByRole('button', { name: 'Alterar: Limite diário de depósito' }).click();
    await typeInto(page, 'input[name="limit"]', '80');
    await dialog.getByText('o aumento só valerá depois de 24 horas', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Salvar limite' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row
      .getByTestId('limit-pending')
      .getByText(/^Aumenta para R\$ 80,00 em \d\d\/\d\d às \d\d:\d\d$/)
      .waitFor();
    expect(await row.textContent()).toContain('de R$ 50,00');
    await screenshot(page, 'responsible-limit-pending-390x844');

    await page.goto('/recharge');
    const form = page.getByRole('form', { name: 'Depositar' });
    await typeInto(page, 'input[name="money"]', '60');
    await form.getByRole('button', { name: 'Depositar agora' }).click();
    const refusal = page.getByTestId('care-refusal');
    await refusal.waitFor();
    const statusAnswer = await apiCall<{ limits: { kind: string; period: string; value: number | null }[] }>(
      '/api/responsible/status',
      undefined,
      member.token,
    );
    expect(statusAnswer.data.limits.find((l) => l.kind === 'deposit' && l.period === 'day')?.value).toBe(5000);
    expect(await refusal.textContent()).toMatch(/limite/i);
    await refusal.getByRole('link', { name: 'Ver meus limites e o jogo responsável' }).waitFor();
    await screenshot(page, 'responsible-deposit-refused-390x844');
    expect(page.url()).toMatch(/\/recharge$/);
  });

  it('a self-excluded member cannot deposit or bet, and can still withdraw', async () => {
    const member = await newMember('exclu');
    await depositFromOwnCpf(member, '100');
    const page = await memberPage(member);
    await page.goto('/jogo-responsavel');
    await page.getByRole('heading', { name: 'Autoexclusão' }).waitFor();
    await page.getByText('6 meses', { exact: true }).click();
    await page.getByRole('button', { name: 'Autoexcluir-me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar a autoexclusão' });
    await dialog.getByText('Esta decisão não pode ser desfeita', { exact: false }).waitFor();
    // A wrong password is refused and nothing happens.
    await dialog.locator('input[name="password"]').fill('wrong-pass-9');
    await dialog.getByRole('button', { name: 'Confirmar autoexclusão' }).click();
    await dialog.locator('[aria-invalid="true"]').waitFor();
    await screenshot(page, 'responsible-exclusion-confirm-390x844');
    await typeInto(page, 'input[name="password"]', password);
    await dialog.getByRole('button', { name: 'Confirmar autoexclusão' }).click();
    await dialog.waitFor({ state: 'detached' });
    const standing = page.getByTestId('care-standing');
    await standing.getByText(/^Autoexclusão em vigor até \d\d\/\d\d\/\d{4} às \d\d:\d\d$/).waitFor();
    await standing.getByText('Você pode sacar seu saldo até', { exact: false }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await screenshot(page, 'responsible-excluded-390x844');
    // The statement counts the day's deposit.
    await page.getByTestId('statement-table').getByText('R$ 100,00').first().waitFor();
    await page.getByTestId('statement-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'responsible-statement-390x844');

    // Deposit: refused with the message, kept on screen.
    await page.goto('/recharge');
    await typeInto(page, 'input[name="money"]', '20');
    await page.getByRole('form', { name: 'Depositar' }).getByRole('button', { name: 'Depositar agora' }).click();
    await page
      .getByTestId('care-refusal')
      .getByText(/autoexclu/i)
      .waitFor();

    // A bet (the dice game's API, as the game screen calls it) is refused with the same code.
    const bet = await fetch(`${baseURL()}/api/house/dice/bet?lang=pt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ amount: '1.00', target: '50.00', direction: 'under' }),
    });
    const betBody = (await bet.json()) as { error_code?: string; message: string };
    expect(bet.status, betBody.message).toBe(403);
    expect(betBody.error_code).toBe('SELF_EXCLUDED');

    // The withdrawal still goes through.
    await page.goto('/withdraw');
    const form = page.getByRole('form', { name: 'Sacar' });
    await form.locator('input[name="money"]').fill('30');
    await form.locator('input[name="qk_pwd"]').fill(qkPwd);
    await form.getByRole('button', { name: 'Sacar' }).click();
    const alert = page.getByRole('dialog');
    await alert.getByText(WITHDRAWAL_SUBMITTED).waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('header-balance').textContent(), { timeout: 10_000 }).toBe('R$ 70,00');
  });

  it('looks finished on a desktop screen', async () => {
    const member = await newMember('rgdesk');
    const page = await memberPage(member, DESKTOP);
    await page.goto('/jogo-responsavel');
    await page.getByRole('heading', { name: 'Extrato de atividade' }).waitFor();
    await page.getByTestId('statement-table').waitFor();
    await screenshot(page, 'responsible-centre-1440x900');
    await page.getByRole('heading', { name: 'Extrato de atividade' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'responsible-statement-1440x900');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.locator('footer').getByRole('link', { name: 'Jogo responsável' }).waitFor();
    await screenshot(page, 'responsible-footer-1440x900');
  });
});
