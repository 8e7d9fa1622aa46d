import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * Blackjack played through the UI in Portuguese on a phone by a member who deposited R$ 100,00
 * with PIX through the sandbox bank: one hand dealt, found again after a reload if still open,
 * played to the end with the buttons the server allows. The balance the game shows equals the
 * server's, and the game records hold exactly this round. Photographed at 390x844 and 1440x900.
 */

const digits = randomDigits();
const player = houseGamePlayer({ account: `bj_${digits}`, realname: 'Marcos Almeida', phone: `+55119${digits}` });
const { serverMoney, shownBalance, expectBalanceInSync, openGame, setStake } = player;

let page: Page;

const enabled = async (testId: string) => {
  const button = page.getByTestId(testId);
  return (await button.count()) > 0 && (await button.isEnabled());
};

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('blackjack on a phone', () => {
  it('deals a R$ 2,00 hand, resumes it after a reload and plays it to the end', async () => {
    await openGame('blackjack');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    await setStake('2,00');
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

    await player.desktopShot('blackjack', { settleMs: 1_000 });

    const records = await player.records();
    expect(records.map((r) => r.game_code)).toEqual(['blackjack']);
    const [round] = records;
    expect(round?.status).toBe('settled');
    expect(moneyStringToCentavos(await serverMoney())).toBe(10_000 + (moneyStringToCentavos(round!.net_amount) ?? Number.NaN));
  });
});
