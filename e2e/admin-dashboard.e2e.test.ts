import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { DESKTOP, PHONE, adminCredentials, baseURL, launchBrowser, newContext, screenshot } from './browser.ts';
import { registerFundedMember } from './funded-member.ts';

/**
 * The back office opens on the dashboard (issue 15 item 8): a member deposits R$ 100,00 by PIX,
 * an operator logs in and lands on the dashboard, whose "today" deposits figure is the API's.
 */

const admin = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt/admin.json'), 'utf8')) as {
  login: { submit: string };
  dashboard: { title: string };
};

/** Intl writes "R$ 100,00" with a no-break space; compare on plain spaces. */
const plain = (value: string | null): string => (value ?? '').replace(/\s/g, ' ');
const brl = (money: string) => plain(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(money as `${number}`));

type Dashboard = { today: string; today_figures: { deposits: { amount: string; count: number } | null } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('back office: dashboard', () => {
  test('an operator lands on the dashboard and its deposits of today are the API figure', async () => {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    await registerFundedMember({ account: `dash_${digits}`, password: 'player-pass-1', realname: 'Ana Souza', phone: `+55119${digits}` });

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const { username, password } = adminCredentials();
    await page.goto('/admin/login');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: admin.login.submit }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: admin.dashboard.title }).waitFor();

    const token = await page.evaluate(() => sessionStorage.getItem('admin_token'));
    const figure = page.locator('[data-kpi="deposits"] [data-figure="today"]');
    await figure.waitFor();
    // Other e2e files deposit on the same server: read the page and the API until they agree.
    let shown = '';
    let expected = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      shown = plain(await figure.textContent());
      const answer = await fetch(`${baseURL()}/api/admin/dashboard?lang=pt`, { headers: { Authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      const data = ((await answer.json()) as { data: Dashboard }).data;
      expect(moneyStringToCentavos(data.today_figures.deposits?.amount ?? '')).toBeGreaterThanOrEqual(10_000);
      expected = brl(data.today_figures.deposits?.amount ?? '');
      if (shown === expected) break;
      await page.reload();
      await figure.waitFor();
    }
    expect(shown).toBe(expected);
    await screenshot(page, 'admin-dashboard-desktop');
    await context.close();

    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await phonePage.addInitScript((value) => sessionStorage.setItem('admin_token', value ?? ''), token);
    await phonePage.goto('/admin/dashboard');
    await phonePage.locator('[data-kpi="deposits"] [data-figure="today"]').waitFor();
    await screenshot(phonePage, 'admin-dashboard-phone');
    await phone.close();
  }, 30_000);
});
