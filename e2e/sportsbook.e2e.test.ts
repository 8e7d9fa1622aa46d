import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/**
 * The sportsbook end to end on the always-on virtual league (the e2e server plays it fast: 20 s of
 * betting, 150 ms a match minute): a member who deposited R$ 100,00 places a single and a
 * three-leg accumulator from the bet slip, watches a match, and sees both bets settled with the
 * balance moved by exactly their stakes and payouts.
 */

type Summary = {
  id: number;
  status: string;
  starts_at: string;
  main_market: { status: string; selections: { id: number; code: string; odds: string }[] } | null;
};
type League = { current: Summary[]; next: Summary[]; server_time: string };
type Bet = { bet_no: string; kind: string; stake: string; status: string; paid: string; legs: { fixture_id: number }[] };

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `sport_${digits}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
const placed: string[] = [];
let watchedFixture = 0;

const call = <T>(path: string, body?: unknown) => apiCall<T>(path, body, token);
const centavos = (money: string) => moneyStringToCentavos(money) ?? Number.NaN;
const brl = (value: number) => formatBRL(value, 'pt');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
const money = async () => centavos((await call<{ money: string }>('/api/auth/me', {})).data.money);

/** Three matches of one round still open for bets for at least 8 seconds. */
async function openMatches(): Promise<Summary[]> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const league = (await call<League>('/api/sports/virtual')).data;
    const now = Date.parse(league.server_time);
    for (const round of [league.current, league.next]) {
      const open = round.filter(
        (f) => f.status === 'scheduled' && Date.parse(f.starts_at) - now > 8_000 && f.main_market?.status === 'open',
      );
      if (open.length >= 3) return open.slice(0, 3);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('no virtual round open for bets within a minute');
}

async function pick(selectionId: number): Promise<void> {
  await page.locator(`[data-selection-id="${selectionId}"]`).first().click();
}

async function place(): Promise<void> {
  await page.getByTestId('slip-place').click();
  await page.getByText('Aposta feita', { exact: true }).first().waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('slip-pick').count()).toBe(0);
}

beforeAll(async () => {
  token = await registerFundedMember({ account, password: 'player-pass-1', realname: 'Bruno Teixeira', phone: `+55419${digits}` });
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP, 'pt-BR');
  page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('sportsbook on the virtual league', () => {
  it('places a single and a three-leg accumulator from the bet slip', async () => {
    await page.goto('/sports/virtual');
    await page.getByTestId('virtual-page').waitFor();
    const matches = await openMatches();
    const homes = matches.map((m) => m.main_market!.selections.find((s) => s.code === 'home')!);

    // A single of R$ 2,00 on the first match's home win.
    await pick(homes[0]!.id);
    const stake = page.getByTestId('slip-stake').first();
    await stake.fill('2,00');
    await expect
      .poll(async () => plain(await page.getByTestId('slip-potential').first().textContent()))
      .toBe(brl(Math.floor((200 * Number(homes[0]!.odds.replace('.', ''))) / 100)));
    await place();

    // An accumulator of R$ 1,00 on the three home wins.
    for (const selection of homes) await pick(selection.id);
    await page.getByRole('tab', { name: 'Múltipla' }).click();
    await page.getByTestId('slip-stake').first().fill('1,00');
    // The slip multiplies the three prices exactly and rounds down once (1.85 x 2.10 x 3.40 = 13.20).
    const hundredths = homes.map((s) => BigInt(s.odds.replace('.', '')));
    const total = (hundredths[0]! * hundredths[1]! * hundredths[2]!) / 10_000n;
    await expect
      .poll(async () => plain(await page.getByTestId('slip-total-odds').first().textContent()))
      .toBe(`${total / 100n}.${String(total % 100n).padStart(2, '0')}`);
    await place();
    await screenshot(page, 'sports-virtual-1440x900');

    const bets = (await call<{ list: Bet[] }>('/api/sports/bets/list', { status: 'open' })).data.list;
    expect(bets.map((b) => [b.kind, b.stake, b.legs.length]).sort()).toEqual([
      ['accumulator', '1.00', 3],
      ['single', '2.00', 1],
    ]);
    placed.push(...bets.map((b) => b.bet_no));
    expect(await money()).toBe(10_000 - 300);
    watchedFixture = matches[0]!.id;
  });

  it('watches a match to full time and sees both bets settled, the balance moved by their payouts', async () => {
    // Watch the single's match live.
    const row = page.locator(`[data-testid="virtual-match-row"][data-fixture-id="${watchedFixture}"]`).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button').first().click();
    await page.getByTestId('virtual-live-match').waitFor();
    await page.getByTestId('virtual-minute').waitFor({ timeout: 40_000 });
    await screenshot(page, 'sports-virtual-live-1440x900');

    // Every leg's match is played and settled within a round or two.
    let settled: Bet[] = [];
    await expect
      .poll(
        async () => {
          const list = (await call<{ list: Bet[] }>('/api/sports/bets/list', { status: 'settled' })).data.list;
          settled = list.filter((b) => placed.includes(b.bet_no));
          return settled.length;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(2);
    for (const bet of settled) expect(['won', 'lost', 'void']).toContain(bet.status);
    const paid = settled.reduce((sum, b) => sum + centavos(b.paid), 0);
    expect(await money()).toBe(10_000 - 300 + paid);

    await page.goto('/sports/bets');
    await page.getByTestId('my-bets').waitFor();
    await page.getByRole('tab', { name: 'Encerradas' }).click();
    for (const betNo of placed) await page.getByText(betNo).first().waitFor({ timeout: 15_000 });
    const statuses = await page
      .locator('[data-testid="sport-bet"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-bet-status')));
    expect(statuses.filter((s) => s !== 'open').length).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => plain(await page.getByTestId('header-balance').first().textContent())).toBe(brl(await money()));
    await screenshot(page, 'sports-my-bets-1440x900');
  });

  it('shows the sportsbook home and a fixture on a phone', async () => {
    const phone = await newContext(browser, PHONE, 'pt-BR');
    const tab = await phone.newPage();
    await tab.goto('/sports');
    await tab.getByTestId('sports-home').waitFor();
    await tab.waitForLoadState('networkidle');
    await screenshot(tab, 'sports-home-390x844');
    await tab.goto(`/sports/fixture/${watchedFixture}`);
    await tab.getByTestId('fixture-page').waitFor();
    await screenshot(tab, 'sports-fixture-390x844');
    await tab.goto('/sports/virtual');
    await tab.getByTestId('virtual-page').waitFor();
    await screenshot(tab, 'sports-virtual-390x844');
    await phone.close();
  });
});
