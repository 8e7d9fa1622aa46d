import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * House card games (Hi-Lo, video poker), played through the UI in Portuguese on a phone by a
 * member who deposited R$ 100,00 with PIX through the sandbox bank. After every round the balance
 * the game shows equals the server's, an open round comes back after a reload, and the game
 * records hold exactly these rounds. Each game is also photographed at 390x844 and 1440x900.
 */

const digits = randomDigits();
const player = houseGamePlayer({ account: `cards_${digits}`, realname: 'Carla Souza', phone: `+55119${digits}` });
const { serverMoney, shownBalance, expectBalanceInSync, openGame, setStake, desktopShot } = player;

let page: Page;

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('house card games (hi-lo, video poker)', () => {
  it('hi-lo: bets R$ 1,00, guesses the likelier side, finds the round again after a reload and cashes out (or loses)', async () => {
    await openGame('hi-lo');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    await setStake('1,00');
    await page.getByTestId('hilo-bet').click();
    await page.getByTestId('hilo-cashout').waitFor();
    expect(await page.getByTestId('hilo-current').getAttribute('data-card')).toMatch(/^\d+$/);
    expect(await serverMoney()).toBe('99.00');
    // The likelier of higher and lower, by the chances the buttons show.
    const chance = async (g: string) =>
      Number(((await page.getByTestId(`hilo-${g}`).textContent()) ?? '').match(/(\d+,\d\d)%/)?.[1]?.replace(',', '.') ?? 0);
    const guess = (await chance('higher')) >= (await chance('lower')) ? 'higher' : 'lower';
    await page.getByTestId(`hilo-${guess}`).click();
    await expect.poll(() => page.locator('[data-testid="hilo-history"] li').count()).toBe(2);
    const lost = await page.getByTestId('hilo-result').isVisible();
    if (!lost) {
      await page.reload();
      await page.getByTestId('hilo-cashout').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-testid="hilo-history"] li').count()).toBe(2);
      await expect.poll(() => page.getByTestId('hilo-cashout').isEnabled()).toBe(true);
      await screenshot(page, 'house-hi-lo-390x844');
      await page.getByTestId('hilo-cashout').click();
    }
    const result = page.getByTestId('hilo-result');
    await result.waitFor();
    expect(await result.getAttribute('data-status')).toBe(lost ? 'lost' : 'cashed_out');
    if (lost) await screenshot(page, 'house-hi-lo-390x844');
    await expectBalanceInSync();
    await desktopShot('hi-lo');
  });

  it('video poker: deals for R$ 1,00, holds the hint, draws and is paid by the table', async () => {
    await openGame('video-poker');
    await setStake('1,00');
    expect(await page.locator('[data-testid="videopoker-paytable"] tr').count()).toBe(9);
    await page.getByTestId('videopoker-deal').click();
    await page.getByTestId('videopoker-draw').waitFor();
    for (let i = 0; i < 5; i += 1) {
      expect(await page.getByTestId(`videopoker-card-${i}`).locator('svg').getAttribute('data-card')).toMatch(/^\d+$/);
    }
    // The dealt hand waits for its draw across a reload.
    const first = await page.getByTestId('videopoker-card-0').locator('svg').getAttribute('data-card');
    await page.reload();
    await page.getByTestId('videopoker-draw').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('videopoker-card-0').locator('svg').getAttribute('data-card')).toBe(first);
    await page.getByTestId('videopoker-card-0').click();
    expect(await page.getByTestId('videopoker-card-0').getAttribute('data-held')).toBe('true');
    await page.getByTestId('videopoker-hint').click();
    await page.getByText(/Melhor jogada marcada/).waitFor();
    await screenshot(page, 'house-video-poker-390x844');
    await page.getByTestId('videopoker-draw').click();
    const result = page.getByTestId('videopoker-result');
    await result.waitFor();
    const won = (await result.getAttribute('data-status')) === 'won';
    if (won) {
      expect(await result.textContent()).toMatch(/Você ganhou R\$ \d+,\d\d/);
      expect(await page.locator('[data-testid="videopoker-paytable"] tr[data-active="true"]').count()).toBe(1);
    }
    await expectBalanceInSync();
    await desktopShot('video-poker');
  });

  it('game records hold the two rounds with their stakes, and the balance is the deposit plus their net', async () => {
    const records = await player.records();
    expect(records.map((r) => r.game_code).sort()).toEqual(['hi-lo', 'video-poker']);
    for (const record of records) {
      expect(record.bet_amount).toBe('1.00');
      expect(record.status).toBe('settled');
    }
    await player.expectDepositPlusNet(records);
  });
});
