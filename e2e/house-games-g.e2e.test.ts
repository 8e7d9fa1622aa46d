import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/**
 * Bingo (issue 14 item 5) on a phone, in Portuguese: a member who deposited R$ 100,00 opens the
 * 90-ball room, buys two cards in the buying window, watches the balls being called with the
 * cards marked by themselves, and after the full house the balance the game shows is the
 * server's and the game records hold the round. The 75-ball room is photographed too.
 */

type RecordItem = { game_code: string; bet_amount: string; status: string };

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `bingo_${digits}`;
const password = 'player-pass-1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

const call = <T>(path: string, body?: unknown, bearer = token) => apiCall<T>(path, body, bearer);
const serverMoney = async () => (await call<{ money: string }>('/api/auth/me', {})).data.money;
const brl = (money: string) => formatBRL(moneyStringToCentavos(money) ?? Number.NaN, 'pt');
const shownBalance = async () => ((await page.getByTestId('game-balance').textContent()) ?? '').replace(/\s/g, ' ');

beforeAll(async () => {
  token = await registerFundedMember({ account, password, realname: 'Marta Lima', phone: `+55119${digits}` });
  browser = await launchBrowser();
  context = await newContext(browser, PHONE, 'pt-BR');
  page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('bingo', () => {
  it('buys two 90-ball cards on a phone, sees the balls called and the cards marked, and is paid by the full house', async () => {
    await page.goto('/gameInfo?code=bingo-90');
    await page.getByTestId('house-game-bingo-90').waitFor({ timeout: 20_000 });
    await expect.poll(shownBalance, { timeout: 10_000 }).toBe('R$ 100,00');
    // Wait for a buying window with a few seconds left.
    const buy = page.getByTestId('bingo-buy');
    await expect
      .poll(async () => (await page.getByTestId('bingo-stage').getAttribute('data-phase')) === 'buying' && (await buy.isEnabled()), {
        timeout: 60_000,
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Mais cartelas' }).click();
    expect(await page.getByTestId('bingo-count').textContent()).toBe('2');
    await buy.click();
    await expect.poll(() => page.getByTestId('bingo-card').count(), { timeout: 10_000 }).toBe(2);
    expect(await serverMoney()).toBe('98.00');
    await screenshot(page, 'house-bingo-90-buying-390x844');

    // The draw: balls appear and the cards mark the called numbers by themselves.
    await page.getByTestId('bingo-drawing').waitFor({ timeout: 30_000 });
    await page.getByTestId('bingo-last-ball').waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.locator('[data-testid="bingo-card"] [data-marked="true"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'house-bingo-90-drawing-390x844');

    // The full house ends the round; the balance shown is the server's.
    await expect.poll(async () => page.getByTestId('bingo-stage').getAttribute('data-phase'), { timeout: 60_000 }).toBe('ended');
    await page.getByTestId('bingo-result').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await shownBalance()) === brl(await serverMoney()), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'house-bingo-90-ended-390x844');

    const records = await call<{ list: RecordItem[] }>('/api/game/record', { range: 'today', page_size: 20 });
    expect(records.status, records.message).toBe('success');
    expect(records.data.list.map((r) => [r.game_code, r.bet_amount])).toEqual([['bingo-90', '2.00']]);
  }, 180_000);

  it('shows the 75-ball room on a phone and a desktop', async () => {
    await page.goto('/gameInfo?code=bingo-75');
    await page.getByTestId('house-game-bingo-75').waitFor({ timeout: 20_000 });
    await page.getByTestId('bingo-balls').waitFor();
    await screenshot(page, 'house-bingo-75-390x844');
    const desktop = await newContext(browser, DESKTOP, 'pt-BR');
    const tab = await desktop.newPage();
    await tab.goto('/');
    await tab.evaluate((value) => sessionStorage.setItem('token', value), token);
    await tab.goto('/gameInfo?code=bingo-75');
    await tab.getByTestId('house-game-bingo-75').waitFor({ timeout: 20_000 });
    await tab.waitForTimeout(1_000);
    await screenshot(tab, 'house-bingo-75-1440x900');
    await desktop.close();
  }, 60_000);
});
