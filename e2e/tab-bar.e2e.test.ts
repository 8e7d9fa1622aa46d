import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFundedMember } from './funded-member.ts';
import { launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * The phone tab bar, with its deposit button raised above it, never covers a page's main button
 * (issue 10 item 11): a button the browser brings into view (a focused field, a form error, a
 * scroll to it) stops above the bar's reach, and the bet slip's bar sits above it. Checked at
 * 390x844 on the withdraw, recharge, promotion and sportsbook pages by asking the page which
 * element is on top at the button's corners and centre.
 */

let browser: Browser;
let session: { token: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const account = `tab${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1000)}`;
  const token = await registerFundedMember({
    account,
    password: 'tabbar-Senha1',
    realname: 'Ana Beatriz Souza',
    phone: `+55219${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
  session = { token };
});

afterAll(async () => {
  await browser?.close();
});

async function memberPage(): Promise<Page> {
  const context = await newContext(browser, PHONE);
  await context.addInitScript((token) => {
    if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', token);
  }, session.token);
  return context.newPage();
}

/** Brings the button into view the way the browser does for a focus or an anchor, then asks what is on top of it. */
async function expectUncovered(page: Page, button: Locator, name: string): Promise<void> {
  await button.waitFor();
  await button.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await page.waitForTimeout(150);
  const covered = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Inside the rounded corners, which do not take clicks.
    const inset = Math.min(20, r.width / 4);
    const points: [number, number][] = [
      [r.left + inset, r.bottom - 3],
      [r.left + r.width / 2, r.bottom - 3],
      [r.right - inset, r.bottom - 3],
      [r.left + r.width / 2, r.top + r.height / 2],
    ];
    return points.filter(([x, y]) => !el.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${Math.round(x)},${Math.round(y)}`);
  });
  await screenshot(page, `tab-bar-${name}-390x844`);
  expect(covered, `${name}: points of the button under something else`).toEqual([]);
}

describe('the phone tab bar and the pages’ main buttons at 390x844', () => {
  it('leaves the withdraw, recharge and lottery wheel buttons uncovered', async () => {
    const page = await memberPage();
    for (const [path, name, button] of [
      ['/withdraw', 'withdraw', (p: Page) => p.locator('main form button[type="submit"], main a[href^="/withdrawal-card"]').first()],
      ['/recharge', 'recharge', (p: Page) => p.locator('main form button[type="submit"]').first()],
      ['/promotion/activity/lottery-wheel', 'lottery-wheel', (p: Page) => p.getByRole('main').getByRole('button', { name: 'Girar' })],
    ] as const) {
      await page.goto(path);
      await expectUncovered(page, button(page), name);
    }
    await page.context().close();
  });

  it('keeps the bet slip’s bar above the raised deposit button', async () => {
    const page = await memberPage();
    await page.goto('/sports');
    await page.locator('[data-selection-id]:not([disabled])').first().click();
    const bar = page.getByRole('button', { name: 'Abrir cupom de apostas' });
    await bar.waitFor();
    await expectUncovered(page, bar, 'bet-slip');
    await page.context().close();
  });
});
