import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * House games, first half (crash, double, dice, mines), played through the UI in Portuguese on
 * a phone by a member who deposited R$ 100,00 with PIX through the sandbox bank. After every
 * round the balance the game shows equals the server's, and at the end the game records hold
 * exactly these four rounds with the stakes placed; the balance is the deposit plus their net.
 * Each game is also photographed at 390x844 and 1440x900.
 */

const digits = randomDigits();
const player = houseGamePlayer({ account: `house_${digits}`, realname: 'Joana Pereira', phone: `+55119${digits}` });
const { serverMoney, shownBalance, expectBalanceInSync, openGame, setStake, desktopShot } = player;

let page: Page;

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('house games (crash, double, dice, mines)', () => {
  it('dice: rolls R$ 2,00 over 50,50 and shows the result', async () => {
    await openGame('dice');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    await setStake('2,00');
    expect(await page.getByTestId('bet-amount').inputValue()).toBe('2,00');
    // The linked fields: 49,50% pays 2,0000x.
    expect(await page.getByTestId('dice-chance').inputValue()).toBe('49,50');
    expect(await page.getByTestId('dice-multiplier').inputValue()).toBe('2,0000');
    await page.getByTestId('dice-bet').click();
    await page.getByTestId('dice-result').waitFor();
    const roll = (await page.getByTestId('dice-big').textContent()) ?? '';
    expect(roll).toMatch(/^\d{1,3},\d\d$/);
    const won = Number(roll.replace(',', '.')) > 50.5;
    expect(await page.getByTestId('dice-result').textContent()).toContain(won ? 'Você ganhou R$ 4,00' : 'não foi dessa vez');
    await expectBalanceInSync();
    expect(await serverMoney()).toBe(won ? '102.00' : '98.00');
    await screenshot(page, 'house-dice-390x844');
    await desktopShot('dice');
  });

  it('mines: bets R$ 1,00 with 3 mines, reveals a tile, finds the round again after a reload and cashes out (or busts)', async () => {
    await openGame('mines');
    await setStake('1,00');
    await page.getByTestId('mines-count').selectOption('3');
    await page.getByTestId('mines-bet').click();
    await page.getByTestId('mines-cashout').waitFor();
    // Out of range tiles cannot be clicked: the board only has tiles 0..24.
    expect(await page.locator('[data-testid^="mines-tile-"]').count()).toBe(25);
    await page.getByTestId('mines-tile-12').click();
    await expect.poll(async () => page.getByTestId('mines-tile-12').getAttribute('data-state')).not.toBe('hidden');
    const safe = (await page.getByTestId('mines-tile-12').getAttribute('data-state')) === 'gem';
    if (safe) {
      // The multiplier follows the tile's flip (a slow answer to the opening "is a round open?" no
      // longer takes the tile back: useResumeRound leaves a shown round alone).
      await expect.poll(async () => page.getByTestId('mines-multiplier').textContent(), { timeout: 5_000 }).toBe('1,1250×');
      // A closed tab loses nothing: the open round comes back as it was.
      await page.reload();
      await page.getByTestId('mines-cashout').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('mines-tile-12').getAttribute('data-state')).toBe('gem');
      expect(await page.getByTestId('mines-multiplier').textContent()).toBe('1,1250×');
      await page.getByTestId('mines-cashout').click();
    }
    const result = page.getByTestId('mines-result');
    await result.waitFor();
    expect(await result.getAttribute('data-status')).toBe(safe ? 'cashed_out' : 'busted');
    // Every mine is shown once the round is over.
    expect(await page.locator('[data-state="mine"]').count()).toBe(3);
    await expectBalanceInSync();
    await screenshot(page, 'house-mines-390x844');
    await desktopShot('mines');
  });

  it('crash: bets R$ 1,00 in the betting window and cashes out (or busts)', async () => {
    await openGame('crash');
    await setStake('1,00');
    await page.getByTestId('crash-countdown').waitFor({ timeout: 45_000 });
    await page.getByTestId('crash-bet').click();
    const cashout = page.getByTestId('crash-cashout');
    const result = page.getByTestId('crash-result');
    await cashout.or(result).waitFor({ timeout: 45_000 });
    if (await cashout.isVisible()) {
      // The live list carries this member's bet (masked name) with its stake while the round runs.
      expect(await page.getByTestId('crash-players').first().textContent()).toContain('R$ 1,00');
      await screenshot(page, 'house-crash-390x844');
      await cashout.click().catch(() => undefined);
    }
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toMatch(/Retirou em \d+,\d\d×: R\$ \d+,\d\d|Estourou antes da retirada: −R\$ 1,00/);
    await expectBalanceInSync();
    await desktopShot('crash');
  });

  it('double: bets R$ 1,00 on red and sees the wheel settle it', async () => {
    await openGame('double');
    await setStake('1,00');
    const red = page.getByTestId('double-bet-red');
    await red.and(page.locator(':enabled')).waitFor({ timeout: 45_000 });
    await red.click();
    await red.getByText('R$ 1,00').waitFor();
    await screenshot(page, 'house-double-390x844');
    const result = page.getByTestId('double-result');
    await result.waitFor({ timeout: 60_000 });
    const color = await page.getByTestId('double-outcome').getAttribute('data-color');
    expect(await result.textContent()).toBe(color === 'red' ? 'Você ganhou R$ 2,00' : 'Sem prêmio nesta rodada.');
    await expectBalanceInSync();
    await desktopShot('double');
  });

  it('game records hold the four rounds with their stakes, and the balance is the deposit plus their net', async () => {
    const records = await player.records();
    const byCode = new Map(records.map((record) => [record.game_code, record]));
    expect([...byCode.keys()].sort()).toEqual(['crash', 'dice', 'double', 'mines']);
    expect(records).toHaveLength(4);
    expect(byCode.get('dice')?.bet_amount).toBe('2.00');
    for (const code of ['mines', 'crash', 'double']) expect(byCode.get(code)?.bet_amount).toBe('1.00');
    for (const record of records) expect(record.status).toBe('settled');
    await player.expectDepositPlusNet(records);

    await page.goto('/game-records');
    await expect.poll(() => page.getByTestId('game-record').count(), { timeout: 10_000 }).toBe(4);
    for (const code of ['crash', 'double', 'dice', 'mines']) {
      await page.locator(`[data-testid="game-record"][data-game-code="${code}"]`).waitFor();
    }
    await screenshot(page, 'house-records-390x844');
  });
});
