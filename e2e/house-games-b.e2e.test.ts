import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plinkoTable } from '../packages/games/src/plinko.ts';
import { type RouletteStake, settleRoulette } from '../packages/games/src/roulette.ts';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { screenshot } from './browser.ts';
import type { Answer } from './funded-member.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * House games, second half (plinko, Fruit Frenzy, Carnaval 20, European roulette), played through
 * the UI in Portuguese on a phone by a member who deposited R$ 100,00 with PIX through the sandbox
 * bank. For each round the test reads the server's answer as the page received it, checks that
 * the screen shows that outcome (the ball's bucket, the reels' symbols, the wheel's number) and
 * that the balance moved by exactly the round's net result; at the end the game records hold the
 * four rounds. Each game is photographed at 390x844 and 1440x900.
 */

type RoundAnswer<O> = { round_id: number; amount: string; win: string; balance: string; outcome: O };
type SlotSpin = { grid: string[][] };

const digits = randomDigits();
const player = houseGamePlayer({ account: `houseb_${digits}`, realname: 'Marcos Oliveira', phone: `+55219${digits}` });
const { call, openGame } = player;

let page: Page;

const cents = (money: string) => moneyStringToCentavos(money) ?? Number.NaN;
const serverCentavos = async () => cents((await call<{ money: string }>('/api/auth/me', {})).data.money);
/** "R$ 1.234,56" for centavos, as the pages show it (Intl's no-break spaces made plain). */
const brl = (centavos: number) => formatBRL(centavos, 'pt');
/** The amount in the game's top bar, without its screen-reader label ("Saldo"). */
async function shownBalance(): Promise<string> {
  const text = ((await page.getByTestId('game-balance').textContent()) ?? '').replace(/\s/g, ' ');
  return text.slice(Math.max(0, text.indexOf('R$')));
}

/**
 * While the round's animation plays, the top bar shows the balance minus the stake, although the
 * answer (and the /ws push) already carry the settled balance: the win is not given away early.
 */
async function expectHeld(beforeCentavos: number, answer: RoundAnswer<unknown>): Promise<void> {
  expect(await shownBalance()).toBe(brl(beforeCentavos - cents(answer.amount)));
  expect(await page.getByTestId('game-balance').getAttribute('data-held')).toBe('true');
}

/** The balance moved by exactly the round's net, on the server and in the game's top bar. */
async function expectBalance(beforeCentavos: number, answer: RoundAnswer<unknown>): Promise<void> {
  const expected = beforeCentavos - cents(answer.amount) + cents(answer.win);
  expect(cents(answer.balance)).toBe(expected);
  expect(await serverCentavos()).toBe(expected);
  await expect.poll(shownBalance, { timeout: 10_000 }).toBe(brl(expected));
}

async function setStake(text: string): Promise<void> {
  await player.setStake(text);
  expect(await page.getByTestId('bet-amount').inputValue()).toBe(text);
}

/** Clicks and returns the JSON answer of the bet call the click makes. */
async function betThrough<O>(click: () => Promise<void>, path: string): Promise<RoundAnswer<O>> {
  const [response] = await Promise.all([
    page.waitForResponse((r: Response) => r.url().includes(path) && r.request().method() === 'POST'),
    click(),
  ]);
  const body = (await response.json()) as Answer<RoundAnswer<O>>;
  expect(body.status, body.message).toBe('success');
  return body.data;
}

/** The reels' window as the page shows it, grid[reel][row]. */
async function shownGrid(reels: number): Promise<string[][]> {
  const grid: string[][] = [];
  for (let reel = 0; reel < reels; reel++) {
    const column: string[] = [];
    for (let row = 0; row < 3; row++) column.push((await page.locator(`[data-cell="${reel}:${row}"]`).getAttribute('data-symbol')) ?? '');
    grid.push(column);
  }
  return grid;
}

/** The same game at 1440x900, for the record. */
const desktopShot = (code: string, prepare?: (tab: Page) => Promise<void>) => player.desktopShot(code, { settleMs: 800, prepare });

beforeAll(async () => {
  page = await player.start();
  expect(await serverCentavos()).toBe(10_000);
});

afterAll(() => player.stop());

describe('house games (plinko, Fruit Frenzy, Carnaval 20, roulette)', () => {
  it('plinko: drops a R$ 1,00 ball on 12 rows, high risk, and it lands in the bucket the server drew', async () => {
    await openGame('plinko');
    await expect.poll(shownBalance).toBe('R$ 100,00');
    const before = await serverCentavos();
    await setStake('1,00');
    await page.getByTestId('plinko-risk').getByRole('button', { name: 'Alto' }).click();
    await page.getByTestId('plinko-rows').fill('12');
    const answer = await betThrough<{ rows: number; risk: string; path: number[]; slot: number }>(
      () => page.getByTestId('plinko-drop').click(),
      '/api/house/plinko/bet',
    );
    await expectHeld(before, answer);
    expect(answer.outcome.rows).toBe(12);
    expect(answer.outcome.risk).toBe('high');
    expect(answer.amount).toBe('1.00');
    // The ball lands (its result joins the list) in the slot the path leads to, with that slot's multiplier.
    const landed = page.getByTestId('plinko-results').locator('li[data-slot]').first();
    await landed.waitFor({ timeout: 10_000 });
    expect(Number(await landed.getAttribute('data-slot'))).toBe(answer.outcome.path.reduce((a, b) => a + b, 0));
    const hundredths = plinkoTable(12, 'high')[answer.outcome.slot]!;
    expect(await landed.textContent()).toBe(`${String(hundredths / 100).replace('.', ',')}×`);
    expect(cents(answer.win)).toBe(Math.floor((100 * hundredths) / 100));
    await expectBalance(before, answer);
    await screenshot(page, 'house-plinko-390x844');
    await desktopShot('plinko', async (tab) => {
      await tab.getByTestId('game-rules').click();
      await tab.getByTestId('game-paytable').waitFor();
      await tab.keyboard.press('Escape');
    });
  });

  it('Fruit Frenzy: spins R$ 1,00; the reels stop on the server’s symbols and the win is paid', async () => {
    await openGame('fruit-frenzy');
    const before = await serverCentavos();
    await setStake('1,00');
    const answer = await betThrough<SlotSpin & { lineWins: unknown[]; multiplier: number }>(
      () => page.getByTestId('slot-spin').click(),
      '/api/house/slots/fruit-frenzy/spin',
    );
    await expectHeld(before, answer);
    const status = page.getByTestId('slot-status');
    await expect.poll(() => status.getAttribute('data-win'), { timeout: 15_000 }).toBe(String(cents(answer.win)));
    expect(await shownGrid(3)).toEqual(answer.outcome.grid);
    expect(await status.textContent()).toBe(cents(answer.win) > 0 ? `Você ganhou ${brl(cents(answer.win))}` : 'Sem prêmio desta vez.');
    if (answer.outcome.lineWins.length > 0) {
      // The drawn multiplier's lamp is the one left lit.
      const lamp = page.getByTestId('fruit-multipliers').locator('[data-active]');
      expect(await lamp.getAttribute('data-value')).toBe(String(answer.outcome.multiplier));
    }
    await expectBalance(before, answer);
    await screenshot(page, 'house-fruit-frenzy-390x844');
    // The paytable lists every symbol and the five lines.
    await page.getByTestId('game-rules').click();
    const paytable = page.getByTestId('game-paytable');
    await paytable.getByTestId('paytable-seven').waitFor();
    expect(await paytable.locator('[data-testid^="paytable-"]').count()).toBe(9);
    // The declared RTP in the reader's style: 95,95 in Portuguese.
    expect(await paytable.getByTestId('declared-rtp').textContent()).toContain('95,95%');
    expect(await page.getByTestId('rtp-caption').textContent()).toContain('95,95%');
    await screenshot(page, 'house-fruit-frenzy-paytable-390x844');
    await page.keyboard.press('Escape');
    await desktopShot('fruit-frenzy');
  });

  it('Carnaval 20: spins R$ 2,00; the last spin on the reels is the server’s and the round’s win is paid', async () => {
    await openGame('carnaval-20');
    const before = await serverCentavos();
    await setStake('2,00');
    const answer = await betThrough<{ base: SlotSpin; freeSpins: SlotSpin[] }>(
      () => page.getByTestId('slot-spin').click(),
      '/api/house/slots/carnaval-20/spin',
    );
    await expectHeld(before, answer);
    const status = page.getByTestId('slot-status');
    if (answer.outcome.freeSpins.length > 0) {
      // A feature plays every free spin with its counter; the player may skip to the end.
      await page.getByTestId('free-spins-counter').waitFor({ timeout: 15_000 });
      await page.getByTestId('slot-skip').click();
    }
    await expect.poll(() => status.getAttribute('data-win'), { timeout: 60_000 }).toBe(String(cents(answer.win)));
    const last = answer.outcome.freeSpins.at(-1) ?? answer.outcome.base;
    expect(await shownGrid(5)).toEqual(last.grid);
    if (answer.outcome.freeSpins.length > 0) {
      expect(await page.getByTestId('free-spins-counter').textContent()).toContain(
        `${answer.outcome.freeSpins.length}/${answer.outcome.freeSpins.length}`,
      );
    }
    await expectBalance(before, answer);
    await screenshot(page, 'house-carnaval-20-390x844');
    await page.getByTestId('game-rules').click();
    expect(await page.getByTestId('game-paytable').getByTestId('carnaval-line').count()).toBe(20);
    await page.keyboard.press('Escape');
    await desktopShot('carnaval-20');
  });

  it('roulette: R$ 1,00 on 17, on red and on the second dozen; the wheel lands on the server’s number', async () => {
    await openGame('roulette');
    // The long name fits the phone's top bar whole (on two lines at most), nothing cut off.
    const title = page.getByTestId('game-title');
    expect(await title.textContent()).toBe('Roleta Europeia');
    const fits = await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    const before = await serverCentavos();
    await page.getByTestId('chip-100').click();
    for (const spot of ['straight:17', 'red', 'dozen:2']) await page.locator(`[data-spot="${spot}"]`).click();
    expect(await page.getByTestId('roulette-total').textContent()).toBe('R$ 3,00');
    // Undo takes the last chip off, and it goes back on.
    await page.getByTestId('roulette-undo').click();
    expect(await page.getByTestId('roulette-total').textContent()).toBe('R$ 2,00');
    await page.locator('[data-spot="dozen:2"]').click();
    await screenshot(page, 'house-roulette-table-390x844');
    const answer = await betThrough<{ number: number; color: string; bets: { type: string; amount: string; win: string }[] }>(
      () => page.getByTestId('roulette-spin').click(),
      '/api/house/roulette/bet',
    );
    await expectHeld(before, answer);
    expect(answer.amount).toBe('3.00');
    expect(answer.outcome.bets.map((b) => [b.type, b.amount]).sort()).toEqual([
      ['dozen', '1.00'],
      ['red', '1.00'],
      ['straight', '1.00'],
    ]);
    const stakes: RouletteStake[] = [
      { bet: { type: 'straight', numbers: [17] }, amountCentavos: 100 },
      { bet: { type: 'red' }, amountCentavos: 100 },
      { bet: { type: 'dozen', index: 2 }, amountCentavos: 100 },
    ];
    expect(cents(answer.win)).toBe(settleRoulette(answer.outcome.number, stakes).totalReturnCentavos);
    const outcome = page.getByTestId('roulette-outcome');
    await expect.poll(() => outcome.getAttribute('data-number'), { timeout: 15_000 }).toBe(String(answer.outcome.number));
    await page.getByTestId('roulette-history').locator('li').first().getByText(String(answer.outcome.number), { exact: true }).waitFor();
    await screenshot(page, 'house-roulette-390x844');
    await expectBalance(before, answer);
    await desktopShot('roulette', async (tab) => {
      await tab.getByTestId('chip-500').click();
      for (const spot of ['split:14-17', 'corner:1-2-4-5', 'column:3', 'black', 'line:31-32-33-34-35-36']) {
        await tab.locator(`[data-spot="${spot}"]`).click();
      }
    });
  });

  it('game records hold the four rounds, and the balance is the deposit plus their net', async () => {
    const records = await player.records();
    const byCode = new Map(records.map((record) => [record.game_code, record]));
    expect([...byCode.keys()].sort()).toEqual(['carnaval-20', 'fruit-frenzy', 'plinko', 'roulette']);
    expect(byCode.get('plinko')?.bet_amount).toBe('1.00');
    expect(byCode.get('fruit-frenzy')?.bet_amount).toBe('1.00');
    expect(byCode.get('carnaval-20')?.bet_amount).toBe('2.00');
    expect(byCode.get('roulette')?.bet_amount).toBe('3.00');
    for (const record of records) expect(record.status).toBe('settled');
    await player.expectDepositPlusNet(records);
  });
});
