import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseURL, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * A player's first visit, in Portuguese on a phone: register from the header, see the balance,
 * switch to English (kept across reloads), change the password in the security centre, log out
 * and log in again with the new password. The server runs with CASINO_CAPTCHA=disabled.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

const unique = Date.now().toString(36).slice(-6) + Math.floor(Math.random() * 1000);
const account = `e2e_${unique}`;
const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const firstPassword = 'primeira-Senha1';
const newPassword = 'segunda-Senha2';

const token = () => page.evaluate(() => sessionStorage.getItem('token'));
const dialog = () => page.getByRole('dialog');

async function logIn(password: string): Promise<void> {
  if (!(await dialog().isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const form = dialog();
  await form.locator('input[name="account"]').fill(account);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="captcha"]').fill('1234');
  await form.locator('button[type="submit"]').click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE, 'pt-BR');
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('player web app', () => {
  it('opens the home page in Portuguese', async () => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Cadastrar' }).waitFor();
    await header.getByRole('button', { name: 'Entrar' }).waitFor();
    // The catalogue's games, drawn for each of them.
    await page.locator('[data-testid="game-tile"][data-game-code="crash"]').first().waitFor();
    await page.getByText('Proibido para menores de 18 anos', { exact: false }).waitFor();
  });

  it('registers from the header modal and shows the balance', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Cadastrar' }).click();
    const form = page.getByRole('dialog', { name: 'Cadastro' });
    await form.waitFor();
    await form.getByTestId('captcha-image').waitFor();

    // Client validation with the shared schema, in Portuguese, before any call.
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await form.getByText('Você precisa aceitar a política de privacidade e os termos').waitFor();

    await form.locator('input[name="account"]').fill(account);
    await form.locator('input[name="password"]').fill(firstPassword);
    await form.locator('input[name="password_confirmation"]').fill(firstPassword);
    await form.locator('input[name="realname"]').fill('Maria da Silva');
    await form.locator('input[name="phone"]').fill(phone);
    await form.locator('input[name="captcha"]').fill('1234');
    await form.locator('input[name="agree"]').check();
    await form.getByRole('button', { name: 'Criar conta' }).click();

    await page.getByText('Seu cadastro foi concluído com sucesso').waitFor();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('R$ 0,00');
    expect(await token()).toMatch(/.{20,}/);
    await dialog().waitFor({ state: 'detached' });
    await screenshot(page, 'e2e-registered-390x844');
  });

  it('switches to English and keeps it across reloads', async () => {
    await page.getByRole('button', { name: /Escolher idioma: Português/ }).click();
    await page.getByRole('dialog', { name: 'Escolher idioma' }).waitFor();
    await Promise.all([page.waitForEvent('load'), page.locator('button[data-lang="en"]').click()]);

    await page.getByText('For adults over 18 only. Play responsibly.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Still logged in (the token lives in sessionStorage), balance formatted for English.
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('R$0.00');

    await page.reload();
    await page.getByText('For adults over 18 only. Play responsibly.').waitFor();
    await page.locator('[data-testid="game-tile"][data-game-code="roulette"]').first().getByText('European Roulette').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('changes the password in the security centre and stays logged in, then logs out', async () => {
    await page.goto('/security-center');
    await page.getByRole('heading', { name: 'Security centre' }).waitFor();
    await page.getByRole('link', { name: /Change login password/ }).click();
    await page.getByRole('heading', { name: 'Change login password' }).waitFor();

    // The new password must differ from the old one (shared schema, translated).
    await page.locator('input[name="old_password"]').fill(firstPassword);
    await page.locator('input[name="password"]').fill(firstPassword);
    await page.locator('input[name="password_confirmation"]').fill(firstPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The new password must be different from the old one', { exact: false }).waitFor();

    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="password_confirmation"]').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    // This session stays (the server ends only the others).
    await page.getByText('Your login password has been changed').first().waitFor();
    await page.getByRole('heading', { name: 'Security centre' }).waitFor();
    expect(await token()).toMatch(/.{20,}/);

    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    await expect.poll(token).toBeNull();
  });

  it('refuses the old password and accepts the new one', async () => {
    await logIn(firstPassword);
    await page.locator('[data-testid="toast"][data-kind="error"]').first().waitFor();
    expect(await token()).toBeNull();

    await logIn(newPassword);
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('R$0.00');
    expect(await token()).toMatch(/.{20,}/);
  });

  it('logs out from the member centre and logs in again on the login page', async () => {
    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByTestId('profile-account').filter({ hasText: account }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    await expect.poll(token).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();

    await page.goto('/login');
    await page.locator('input[name="account"]').fill(account);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="captcha"]').fill('1234');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('R$0.00');
  });

  it('asks a visitor to log in on a member-only page', async () => {
    const visitor = await newContext(browser, PHONE, 'pt-BR');
    const other = await visitor.newPage();
    await other.goto(`${baseURL()}/withdraw`);
    await other.getByText('Você não está conectado. Faça login primeiro').waitFor();
    await other.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
    await other.getByRole('dialog', { name: 'Entrar' }).waitFor();
    await visitor.close();
  });

  it('notices a forced-offline session: clears both storages and shows the network error', async () => {
    const me = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo') ?? '{}') as { id?: number });
    expect(me.id).toBeGreaterThan(0);
    const { username, password } = adminCredentials();
    const login = await fetch(`${baseURL()}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    const forced = await fetch(`${baseURL()}/api/admin/members/${me.id}/force-offline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ reason: 'e2e' }),
    });
    expect(forced.status).toBe(200);

    // The next user-info call (any navigation) meets the 401 with force_offline.
    await page.getByRole('link', { name: 'Promotions' }).first().click();
    await page.getByText('Network error, please try again later').waitFor();
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
  });
});
