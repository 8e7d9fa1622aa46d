import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/**
 * Blackjack played through the UI in Portuguese on a phone by a member who deposited R$ 100,00
 * with PIX through the sandbox bank: one hand dealt, found again after a reload if still open,
 * played to the end with the buttons the server allows. The balance the game shows equals the
 * server's, and the game records hold exactly this round. Photographed at 390x844 and 1440x900.
 */

type RecordItem = { game_code: string; bet_amount: string; win_amount: string; net_amount: string; status: string };

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `bj_${digits}`;
const password = 'player-pass-1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

const call = <T>(path: string, body?: unknown, bearer = token) => apiCall<T>(path, body, bearer);
const serverMoney = async () => (await call<{ money: string }>('/api/auth/me', {})).data.money;
const brl = (money: string) => formatBRL(moneyStringToCentavos(money) ?? Number.NaN, 'pt');
const shownBalance = async () => ((await page.getByTestId('game-balance').textContent()) ?? '').replace(/\s/g, ' ');
async function expectBalanceInSync(): Promise<void> {
  await expect.poll(async () => (await shownBalance()) === brl(await serverMoney()), { timeout: 10_000 }).toBe(true);
}

async function openGame(code: string): Promise<void> {
  await page.goto(`/gameInfo?code=${code}`);
  await page.getByTestId(`house-game-${code}`).waitFor({ timeout: 20_000 });
}

const enabled = async (testId: string) => {
  const button = page.getByTestId(testId);
  return (await button.count()) > 0 && (await button.isEnabled());
};

beforeAll(async () => {
  token = await registerFundedMember({ account, password, realname: 'Marcos Almeida', phone: `+55119${digits}` });
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

describe('blackjack on a phone', () => {
  it('deals a R$ 2,00 hand, resumes it after a reload and plays it to the end', async () => {
    await openGame('blackjack');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    const input = page.getByTestId('bet-amount');
    await input.fill('2,00');
    await input.blur();
    await page.getByTestId('blackjack-deal').click();
    await page.getByTestId('blackjack-hand-0').waitFor();
    expect(await page.locator('[data-testid="blackjack-dealer"] [data-card]').count()).toBe(2);

    if (await page.getByTestId('blackjack-result').isHidden()) {
      // A closed tab: the open hand comes back with its cards and the hole card still face down.
      const cards = await page
        .locator('[data-testid="blackjack-hand-0-cards"] [data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      await page.reload();
      await page.getByTestId('blackjack-hand-0').waitFor({ timeout: 20_000 });
      expect(
        await page
          .locator('[data-testid="blackjack-hand-0-cards"] [data-card]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
      ).toEqual(cards);
      expect(await page.getByTestId('blackjack-dealer-card-1').getAttribute('data-card')).toBe('back');
      await screenshot(page, 'house-blackjack-playing-390x844');
      if (await enabled('blackjack-no-insurance')) await page.getByTestId('blackjack-no-insurance').click();
      // Stand on every hand until the round is over.
      for (let i = 0; i < 5 && (await page.getByTestId('blackjack-result').isHidden()); i += 1) {
        await expect.poll(() => enabled('blackjack-stand'), { timeout: 10_000 }).toBe(true);
        await page.getByTestId('blackjack-stand').click();
        await page.waitForTimeout(300);
      }
    }
    await page.getByTestId('blackjack-result').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('blackjack-dealer-card-1').getAttribute('data-card')).not.toBe('back');
    await expectBalanceInSync();
    await screenshot(page, 'house-blackjack-390x844');

    const desktop = await newContext(browser, DESKTOP, 'pt-BR');
    const tab = await desktop.newPage();
    await tab.goto('/');
    await tab.evaluate((value) => sessionStorage.setItem('token', value), token);
    await tab.goto('/gameInfo?code=blackjack');
    await tab.getByTestId('house-game-blackjack').waitFor({ timeout: 20_000 });
    await tab.waitForTimeout(1_000);
    await screenshot(tab, 'house-blackjack-1440x900');
    await desktop.close();

    const records = await call<{ list: RecordItem[] }>('/api/game/record', { range: 'today', page_size: 20 });
    expect(records.status, records.message).toBe('success');
    expect(records.data.list.map((r) => r.game_code)).toEqual(['blackjack']);
    const [round] = records.data.list;
    expect(round?.status).toBe('settled');
    expect(moneyStringToCentavos(await serverMoney())).toBe(10_000 + (moneyStringToCentavos(round!.net_amount) ?? Number.NaN));
  });
});
