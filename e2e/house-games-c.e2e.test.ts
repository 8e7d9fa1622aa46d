import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { screenshot } from './browser.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * House games, issue 14's instant tables (keno, limbo, baccarat, bac bo), played through the UI
 * in Portuguese on a phone by a member who deposited R$ 100,00 with PIX through the sandbox
 * bank. After every round the balance the game shows equals the server's; at the end the game
 * records hold exactly these four rounds with their stakes and the balance is the deposit plus
 * their net. Each game is photographed at 390x844 and 1440x900.
 */

const digits = randomDigits();
const player = houseGamePlayer({ account: `tables_${digits}`, realname: 'Carlos Andrade', phone: `+55219${digits}` });
const { serverMoney, shownBalance, expectBalanceInSync, openGame, setStake, desktopShot } = player;

let page: Page;

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('house games (keno, limbo, baccarat, bac bo)', () => {
  it('keno: picks three numbers, bets R$ 1,00 on the classic table and sees the ten balls drawn', async () => {
    await openGame('keno');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    await setStake('1,00');
    for (const n of [5, 12, 33]) await page.getByTestId(`keno-tile-${n}`).click();
    expect(await page.getByTestId('keno-picked').textContent()).toBe('3/10 números escolhidos');
    expect(await page.getByTestId('keno-tile-12').getAttribute('data-state')).toBe('picked');
    // The paytable row for three picks: 0 to 3 hits.
    expect(await page.getByTestId('keno-paytable').locator('> div').count()).toBe(4);
    await page.getByTestId('keno-bet').click();
    const result = page.getByTestId('keno-result');
    await expect
      .poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/Você ganhou R\$ \d+,\d\d|acertos?: não foi desta vez/);
    expect(await page.getByTestId('keno-drawn').locator('li').count()).toBe(10);
    const drawnStates = await page
      .locator('[data-testid^="keno-tile-"][data-state="hit"], [data-testid^="keno-tile-"][data-state="drawn"]')
      .count();
    expect(drawnStates).toBe(10);
    await expectBalanceInSync();
    await screenshot(page, 'house-keno-390x844');
    await desktopShot('keno');
  });

  it('limbo: sets a 2,00× target, bets R$ 1,00 and sees the result multiplier', async () => {
    await openGame('limbo');
    await setStake('1,00');
    const before = await serverMoney();
    const target = page.getByTestId('limbo-target');
    await target.fill('2');
    await target.blur();
    expect(await page.getByTestId('limbo-chance').textContent()).toBe('49,5000%');
    await page.getByTestId('limbo-bet').click();
    const outcome = page.getByTestId('limbo-outcome');
    await outcome.waitFor({ timeout: 15_000 });
    const text = (await outcome.textContent()) ?? '';
    expect(text).toMatch(/Você ganhou R\$ 2,00|Não chegou a 2,00×/);
    const won = text.includes('Você ganhou');
    expect(await page.getByTestId('limbo-result').textContent()).toMatch(/^[\d.]+,\d\d×$/);
    await expectBalanceInSync();
    expect(moneyStringToCentavos(await serverMoney())).toBe((moneyStringToCentavos(before) ?? 0) + (won ? 100 : -100));
    await screenshot(page, 'house-limbo-390x844');
    await desktopShot('limbo');
  });

  it('baccarat: puts R$ 2,00 on the banker, deals and sees both hands drawn', async () => {
    await openGame('baccarat');
    await page.getByTestId('baccarat-chip-100').click();
    await page.getByTestId('baccarat-spot-banker').click();
    await page.getByTestId('baccarat-spot-banker').click();
    expect(((await page.getByTestId('baccarat-total').textContent()) ?? '').replace(/\s/g, ' ')).toBe('R$ 2,00');
    await page.getByTestId('baccarat-play').click();
    const result = page.getByTestId('baccarat-result');
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 }).toMatch(/(Jogador vence|Banca vence|Empate) · /);
    expect(await page.locator('[data-testid^="baccarat-card-"]').count()).toBeGreaterThanOrEqual(4);
    const text = (await result.textContent()) ?? '';
    // Banker wins pay 1,95x (R$ 3,90); a tie returns the stake; a player win pays nothing.
    if (text.startsWith('Banca vence')) expect(text).toContain('Você ganhou R$ 3,90');
    if (text.startsWith('Empate')) expect(text).toContain('Você ganhou R$ 2,00');
    if (text.startsWith('Jogador vence')) expect(text).toContain('Não foi desta vez.');
    await expectBalanceInSync();
    await screenshot(page, 'house-baccarat-390x844');
    await desktopShot('baccarat');
  });

  it('bac bo: puts R$ 1,00 on the player, rolls and sees the four dice', async () => {
    await openGame('bac-bo');
    await page.getByTestId('bacbo-chip-100').click();
    await page.getByTestId('bacbo-spot-player').click();
    await page.getByTestId('bacbo-play').click();
    const result = page.getByTestId('bacbo-result');
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 }).toMatch(/(Jogador vence|Banca vence|Empate) · /);
    for (const side of ['player', 'banker']) {
      for (const i of [0, 1]) expect(await page.getByTestId(`bacbo-die-${side}-${i}`).getAttribute('data-value')).toMatch(/^[1-6]$/);
    }
    const text = (await result.textContent()) ?? '';
    if (text.startsWith('Jogador vence')) expect(text).toContain('Você ganhou R$ 2,00');
    if (text.startsWith('Empate')) expect(text).toContain('Você ganhou R$ 0,90');
    await expectBalanceInSync();
    await screenshot(page, 'house-bac-bo-390x844');
    await desktopShot('bac-bo');
  });

  it('game records hold the four rounds with their stakes, and the balance is the deposit plus their net', async () => {
    const records = await player.records();
    const byCode = new Map(records.map((record) => [record.game_code, record]));
    expect([...byCode.keys()].sort()).toEqual(['bac-bo', 'baccarat', 'keno', 'limbo']);
    expect(records).toHaveLength(4);
    expect(byCode.get('baccarat')?.bet_amount).toBe('2.00');
    for (const code of ['keno', 'limbo', 'bac-bo']) expect(byCode.get(code)?.bet_amount).toBe('1.00');
    for (const record of records) expect(record.status).toBe('settled');
    await player.expectDepositPlusNet(records);
  });
});
