import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * An operator's second factor in the browser (issue 10, item 7): enrol TOTP from the security
 * page (QR code, key, first code), keep the recovery codes, then log in with the password and a
 * code from the app, and with a recovery code.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');
const catalogue = (name: string) => JSON.parse(readFileSync(join(LOCALES, name), 'utf8')) as Record<string, unknown>;
const admin = catalogue('admin.json');
const server = catalogue('server.json');
function text(source: Record<string, unknown>, path: string): string {
  let node: unknown = source;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`pt catalogue has no ${path}`);
  return node;
}

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: string; message: string; data: T }> {
  const response = await fetch(`${baseURL()}${path}?lang=pt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: string; message: string; data: T };
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: text(admin, 'login.submit') }).click();
}

describe('operator second factor', () => {
  let browser: Browser;
  const operator = { username: `e2e.totp.${Date.now().toString(36)}`, password: 'e2e-totp-Secret-1' };
  let secret: Secret;
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const login = await post<{ token: string }>('/api/admin/auth/login', adminCredentials());
    expect(login.status, login.message).toBe('success');
    const created = await post('/api/admin/operators', { ...operator, role: 'finance' }, login.data.token);
    expect(created.status, created.message).toBe('success');
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('an operator enrols TOTP from its security page and keeps ten recovery codes', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await passwordStep(page, operator.username, operator.password);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('link', { name: text(admin, 'nav.security') }).click();
    await page.waitForURL(/\/admin\/security$/);
    await page.getByRole('button', { name: text(admin, 'security.start_setup') }).click();
    await page.getByRole('img', { name: text(admin, 'security.qr_alt') }).waitFor();
    secret = Secret.fromBase32(((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, ''));
    await screenshot(page, 'admin-security-setup-desktop');

    await page.getByTestId('totp-enable-code').fill('12');
    await page.getByRole('button', { name: text(admin, 'security.enable') }).click();
    await page.getByText(text(admin, 'validation.totp_code')).waitFor();
    await page.getByTestId('totp-enable-code').fill(TOTP.generate({ secret }));
    await page.getByRole('button', { name: text(admin, 'security.enable') }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByLabel(text(admin, 'security.codes_saved')).check();
    await page.getByRole('button', { name: text(admin, 'security.done') }).click();
    await page.getByTestId('totp-status').getByText(text(admin, 'security.on'), { exact: true }).waitFor();
    await context.close();
  });

  test('the login asks for the code after the password, refuses a wrong one and opens with the right one', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await passwordStep(page, operator.username, operator.password);
    const code = page.getByTestId('login-code');
    await code.waitFor();
    await screenshot(page, 'admin-login-code-phone');
    await code.fill('000000');
    await page.getByRole('button', { name: text(admin, 'login.verify') }).click();
    await page.getByText(text(server, 'admin.totp_invalid')).waitFor();
    // The next time step's code: the enrolment used this step's, and a code is accepted once.
    await code.fill(TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: text(admin, 'login.verify') }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await context.close();
  });

  test('a recovery code opens the back office once', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await passwordStep(page, operator.username, operator.password);
    await page.getByRole('button', { name: text(admin, 'login.use_recovery') }).click();
    await page.getByTestId('login-code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: text(admin, 'login.verify') }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await context.close();
  });
});
