import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * The back office end to end: an operator finds a logged-in player and forces it offline; the
 * player's next call lands logged out with the network-error message; the audit log keeps the
 * action; a frozen member's login is refused with 403.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');

function readCatalogue(name: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(LOCALES, name), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function lookup(catalogue: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const web = readCatalogue('web.json');
const server = readCatalogue('server.json');
const admin = readCatalogue('admin.json');
/** The text the player site shows when an operator forced its session off. */
const NETWORK_ERROR =
  lookup(web, 'session.network_error') ?? lookup(server, 'errors.internal') ?? 'Erro de rede, tente novamente mais tarde';
const text = (path: string): string => {
  const value = lookup(admin, path);
  if (!value) throw new Error(`admin.json (pt) has no ${path}`);
  return value;
};

type Player = { id: number; account: string; password: string; phone: string; token: string; user: unknown };

async function registerPlayer(): Promise<Player> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const account = `adm_e2e_${digits}`;
  const password = 'player-pass-1';
  const phone = `+55119${digits}`;
  const response = await fetch(`${baseURL()}/api/auth/register2?lang=pt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      account,
      password,
      password_confirmation: password,
      realname: 'Joana Pereira',
      phone,
      captcha_key: 'x',
      captcha: 'x',
      agree: true,
    }),
  });
  const answer = (await response.json()) as { status: string; message: string; data: { token: string; user: { id: number } } };
  expect(answer.status, answer.message).toBe('success');
  return { id: answer.data.user.id, account, password, phone, token: answer.data.token, user: answer.data.user };
}

async function playerLogin(player: Player): Promise<number> {
  const response = await fetch(`${baseURL()}/api/auth/login2?lang=pt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account: player.account, password: player.password, captcha_key: 'x', captcha: 'x' }),
  });
  return response.status;
}

async function adminLogin(page: Page): Promise<void> {
  const { username, password } = adminCredentials();
  await page.goto('/admin/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: text('login.submit') }).click();
  // The back office opens on the dashboard (issue 15); these tests work from the members table.
  await page.waitForURL(/\/admin\/dashboard/);
  await page.goto('/admin/members');
}

async function openMember(page: Page, player: Player): Promise<void> {
  await page.locator('input[name="q"]').fill(player.account);
  await page.locator('input[name="q"]').press('Enter');
  const link = page.getByRole('link', { name: player.account, exact: true });
  await link.first().waitFor();
  await expect(page.getByRole('link', { name: /^adm_e2e_/ }).count()).resolves.toBe(1);
  await link.first().click();
  await page.waitForURL(new RegExp(`/admin/members/${player.id}$`));
  await page.getByRole('heading', { name: player.account }).waitFor();
}

/** Clicks an action on the member page, fills the reason, confirms in the dialog. */
async function memberAction(page: Page, button: string, reason: string, successMessage: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator('textarea[name="reason"]').fill(reason);
  await dialog.getByRole('button', { name: text('common.confirm') }).click();
  await page.getByRole('status').filter({ hasText: successMessage }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('back office', () => {
  let browser: Browser;
  let player: Player;
  let playerContext: BrowserContext;
  let playerPage: Page;
  let adminContext: BrowserContext;
  let adminPage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    player = await registerPlayer();
  });

  afterAll(async () => {
    await playerContext?.close();
    await adminContext?.close();
    await browser?.close();
  });

  test('the login page refuses a wrong password with the server message', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.waitForURL(/\/admin\/login/);
      await page.locator('input[name="username"]').waitFor();
      await screenshot(page, `admin-login-${name}`);
      if (name === 'desktop') {
        await page.locator('input[name="username"]').fill('admin');
        await page.locator('input[name="password"]').fill('definitely-wrong');
        await page.getByRole('button', { name: text('login.submit') }).click();
        await expect(page.getByRole('alert').first().textContent()).resolves.toMatch(/\S/);
        expect(page.url()).toContain('/admin/login');
      }
      await context.close();
    }
  });

  test('the player is logged in on the player site', async () => {
    playerContext = await newContext(browser, PHONE);
    playerPage = await playerContext.newPage();
    await playerPage.goto('/');
    // Seed the session once (not with an init script, which would re-seed on every reload).
    await playerPage.evaluate(
      ({ token, user }) => {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('userInfo', JSON.stringify(user));
      },
      { token: player.token, user: player.user },
    );
    await playerPage.reload();
    await playerPage.getByTestId('header-balance').waitFor();
    await expect(playerPage.evaluate(() => sessionStorage.getItem('token'))).resolves.toBe(player.token);
  });

  test('an operator finds the member and forces it offline', async () => {
    adminContext = await newContext(browser, DESKTOP);
    adminPage = await adminContext.newPage();
    await adminLogin(adminPage);
    await adminPage.getByRole('link', { name: player.account, exact: true }).first().waitFor();
    await screenshot(adminPage, 'admin-members-desktop');

    await openMember(adminPage, player);
    const sessions = adminPage.getByTestId('sessions-table');
    await sessions.getByText(text('member.sessions.state.active'), { exact: true }).first().waitFor();

    await memberAction(
      adminPage,
      text('member.actions.force_offline.button'),
      'e2e: suspeita de compartilhamento de conta',
      lookup(server, 'admin.forced_offline') ?? text('member.actions.force_offline.done'),
    );
    // The page refreshed: every session is revoked with the reason shown.
    await sessions.getByText(text('member.sessions.reasons.force_offline')).first().waitFor();
    await expect(sessions.getByText(text('member.sessions.state.active'), { exact: true }).count()).resolves.toBe(0);
    await screenshot(adminPage, 'admin-member-desktop');
  });

  test('the player’s next call lands logged out with the network error', async () => {
    await playerPage.reload();
    await playerPage.getByText(NETWORK_ERROR).first().waitFor();
    await playerPage.waitForFunction(() => sessionStorage.getItem('token') === null);
    await expect(playerPage.getByTestId('header-balance').count()).resolves.toBe(0);
  });

  test('the audit log shows the force-offline row', async () => {
    await adminPage.getByRole('link', { name: text('nav.audit') }).click();
    await adminPage.waitForURL(/\/admin\/audit-log/);
    await adminPage.locator('input[name="action"]').fill('member.force_offline');
    await adminPage.getByRole('button', { name: text('audit.apply') }).click();
    const row = adminPage.locator('tr[data-action="member.force_offline"]').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`#${player.id}`);
    await expect(row.textContent()).resolves.toContain(adminCredentials().username);
    await row.getByRole('button', { name: text('audit.show_diff') }).click();
    await adminPage.getByText('e2e: suspeita de compartilhamento de conta').first().waitFor();
  });

  test('freezing refuses the player’s login with 403; unfreezing lets it back in', async () => {
    await adminPage.goto(`/admin/members/${player.id}`);
    await adminPage.getByRole('heading', { name: player.account }).waitFor();
    await memberAction(
      adminPage,
      text('member.actions.freeze.button'),
      'e2e: congelamento de teste',
      lookup(server, 'admin.frozen') ?? text('member.actions.freeze.done'),
    );
    await adminPage.getByText(text('member.frozen_banner')).waitFor();
    expect(await playerLogin(player)).toBe(403);

    await memberAction(
      adminPage,
      text('member.actions.unfreeze.button'),
      '',
      lookup(server, 'admin.unfrozen') ?? text('member.actions.unfreeze.done'),
    );
    expect(await playerLogin(player)).toBe(200);
  });

  test('the back office is usable on a phone', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await adminLogin(page);
    await page.getByRole('link', { name: player.account, exact: true }).first().waitFor();
    await screenshot(page, 'admin-members-phone');
    await openMember(page, player);
    await page.getByTestId('sessions-table').waitFor();
    await screenshot(page, 'admin-member-phone');
    // The sidebar is a drawer behind the menu button, with every permitted section.
    await page.getByRole('button', { name: text('nav.open_menu') }).click();
    await page.getByRole('link', { name: text('nav.operators') }).click();
    await page.waitForURL(/\/admin\/operators/);
    await page.getByRole('cell', { name: adminCredentials().username, exact: true }).waitFor();

    // Signing out drops the operator token and returns to the login page.
    await page.getByRole('button', { name: text('nav.open_menu') }).click();
    await page.getByRole('button', { name: text('nav.logout') }).click();
    await page.waitForURL(/\/admin\/login/);
    await expect(page.evaluate(() => sessionStorage.getItem('admin_token'))).resolves.toBeNull();
    await context.close();
  });

  test('a rejected operator token returns to the login page and comes back after login', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.evaluate(() => sessionStorage.setItem('admin_token', 'not-a-real-token'));
    await page.goto(`/admin/members/${player.id}`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await expect(page.evaluate(() => sessionStorage.getItem('admin_token'))).resolves.toBeNull();
    const { username, password } = adminCredentials();
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: text('login.submit') }).click();
    await page.waitForURL(new RegExp(`/admin/members/${player.id}$`));
    await page.getByRole('heading', { name: player.account }).waitFor();
    await context.close();
  });

  test('the language switcher loads another catalogue and remembers it', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByRole('combobox', { name: text('common.language') }).selectOption('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('admin_lang'))).resolves.toBe('en');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
