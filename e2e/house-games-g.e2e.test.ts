import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * Bingo (issue 14 item 5) on a phone, in Portuguese: a member who deposited R$ 100,00 opens the
 * 90-ball room, buys two cards in the buying window, watches the balls being called with the
 * cards marked by themselves, and after the full house the balance the game shows is the
 * server's and the game records hold the round. The 75-ball room is photographed too.
 */

type RecordItem = { game_code: string; bet_amount: string; status: string };

const digits = randomDigits();
const player = houseGamePlayer({ account: `bingo_${digits}`, realname: 'Marta Lima', phone: `+55119${digits}` });
const { serverMoney, shownBalance, expectBalanceInSync, openGame } = player;

let page: Page;

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('bingo', () => {
  it('buys two 90-ball cards on a phone, sees the balls called and the cards marked, and is paid by the full house', async () => {
    await openGame('bingo-90');
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
    await expectBalanceInSync();
    await screenshot(page, 'house-bingo-90-ended-390x844');

    const records = await player.records<RecordItem>();
    expect(records.map((r) => [r.game_code, r.bet_amount])).toEqual([['bingo-90', '2.00']]);
  }, 180_000);

  it('shows the 75-ball room on a phone and a desktop', async () => {
    await openGame('bingo-75');
    await page.getByTestId('bingo-balls').waitFor();
    await screenshot(page, 'house-bingo-75-390x844');
    await player.desktopShot('bingo-75', { settleMs: 1_000 });
  }, 60_000);
});
