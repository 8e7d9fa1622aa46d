import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * The live tables (issue 14) on a phone in Portuguese: a member who deposited R$ 100,00 places a
 * chip on live roulette and a bet on live Bac Bo in their betting windows (the server's default
 * windows: 15 s and 12 s) and sees each in the table's live list of bets; both screens show the
 * RNG label.
 */

const digits = randomDigits();
const account = `lv_${digits}`;
const player = houseGamePlayer({ account, realname: 'Paula Ribeiro', phone: `+55119${digits}` });

let page: Page;

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

/** Waits for a betting window with more than 4 s left (the countdown reads "… 12,3s"). */
async function openWindow(): Promise<void> {
  await expect
    .poll(
      async () => {
        const box = page.getByTestId('live-countdown');
        if ((await box.count()) === 0) return 0;
        const match = /(\d+)[,.](\d)/.exec((await box.textContent()) ?? '');
        return match ? Number(`${match[1]}.${match[2]}`) : 0;
      },
      { timeout: 45_000, interval: 200 },
    )
    .toBeGreaterThan(4);
}

/** The masked name the lists show ("lv***12"). */
const masked = `${account.slice(0, 2)}***${account.slice(-2)}`;

describe('live tables on a phone', { timeout: 120_000 }, () => {
  it('live roulette: a chip on red, sent in the window, shows in the bets list', async () => {
    await player.openGame('live-roulette');
    await expect.poll(() => page.getByTestId('live-rng-label').textContent()).toContain('Mesa RNG');
    // Wait for a window with time left: the countdown is shown only while bets are open.
    await openWindow();
    await page.getByTestId('live-chip-100').click();
    await page.locator('[data-spot="red"]').click();
    await page.getByTestId('live-roulette-confirm').click();
    await expect.poll(async () => (await page.getByTestId('live-bets').textContent()) ?? '', { timeout: 15_000 }).toContain(masked);
    await screenshot(page, 'live-roulette-phone');
  });

  it('live bac bo: a bet on the Player shows in the bets list', async () => {
    await player.openGame('live-bac-bo');
    await expect.poll(() => page.getByTestId('live-rng-label').textContent()).toContain('Mesa RNG');
    await openWindow();
    await page.getByTestId('live-bacbo-bet-player').click();
    await expect.poll(async () => (await page.getByTestId('live-bets').textContent()) ?? '', { timeout: 15_000 }).toContain(masked);
    await screenshot(page, 'live-bac-bo-phone');
  });
});
