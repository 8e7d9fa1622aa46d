import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/** A game record as /api/game/record lists it. */
export type RecordItem = { game_code: string; bet_amount: string; win_amount: string; net_amount: string; status: string };

/** "R$ 1.234,56" from "1234.56", as the pages show it (Intl's no-break spaces made plain). */
export const brl = (money: string) => formatBRL(moneyStringToCentavos(money) ?? Number.NaN, 'pt');

/** Eight random digits, for an account name and a phone number no other test uses. */
export const randomDigits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');

/**
 * A member who registered and deposited R$ 100,00 by PIX through the sandbox bank, playing in
 * Portuguese on a phone (390x844) with the token in the tab's sessionStorage, as the site keeps it.
 * `start()` in the file's beforeAll answers the phone page, `stop()` in its afterAll closes it.
 */
export type HouseGamePlayer = ReturnType<typeof houseGamePlayer>;

export function houseGamePlayer(member: { account: string; realname: string; phone: string; password?: string }) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let token = '';

  const phonePage = (): Page => {
    if (!page) throw new Error('the player has not started: call start() in beforeAll');
    return page;
  };

  /** A page of a context logged in as the member (the token in sessionStorage). */
  async function logIn(tab: Page): Promise<void> {
    await tab.goto('/');
    await tab.evaluate((value) => sessionStorage.setItem('token', value), token);
  }

  async function start(): Promise<Page> {
    token = await registerFundedMember({
      account: member.account,
      password: member.password ?? 'player-pass-1',
      realname: member.realname,
      phone: member.phone,
    });
    browser = await launchBrowser();
    context = await newContext(browser, PHONE, 'pt-BR');
    page = await context.newPage();
    await logIn(page);
    return page;
  }

  async function stop(): Promise<void> {
    await context?.close();
    await browser?.close();
  }

  /** An API call in Portuguese as the member (or as `bearer`). */
  const call = <T>(path: string, body?: unknown, bearer = token) => apiCall<T>(path, body, bearer);

  /** The member's balance on the server ("98.00"). */
  const serverMoney = async () => (await call<{ money: string }>('/api/auth/me', {})).data.money;

  /** The balance in the game's top bar ("R$ 98,00"). */
  const shownBalance = async () => ((await phonePage().getByTestId('game-balance').textContent()) ?? '').replace(/\s/g, ' ');

  /** The balance in the game's top bar catches up with the server's (the answer and the /ws push). */
  async function expectBalanceInSync(): Promise<void> {
    await expect.poll(async () => (await shownBalance()) === brl(await serverMoney()), { timeout: 10_000 }).toBe(true);
  }

  /** Opens a house game's screen and waits for it to be drawn. */
  async function openGame(code: string, target: Page = phonePage()): Promise<void> {
    await target.goto(`/gameInfo?code=${code}`);
    await target.getByTestId(`house-game-${code}`).waitFor({ timeout: 20_000 });
  }

  /** Types the stake ("1,00") into the game's amount field and leaves it. */
  async function setStake(text: string): Promise<void> {
    const input = phonePage().getByTestId('bet-amount');
    await input.fill(text);
    await input.blur();
  }

  /**
   * The same game at 1440x900, for the record: a desktop context logged in as the member, the
   * game opened, `settleMs` for its artwork, then `prepare` (if any) and the screenshot
   * "house-<code>-1440x900" (or `name`).
   */
  async function desktopShot(
    code: string,
    options: { settleMs?: number; prepare?: (tab: Page) => Promise<void>; name?: string } = {},
  ): Promise<void> {
    if (!browser) throw new Error('the player has not started: call start() in beforeAll');
    const desktop = await newContext(browser, DESKTOP, 'pt-BR');
    const tab = await desktop.newPage();
    await logIn(tab);
    await openGame(code, tab);
    await tab.waitForTimeout(options.settleMs ?? 1_500);
    await options.prepare?.(tab);
    await screenshot(tab, options.name ?? `house-${code}-1440x900`);
    await desktop.close();
  }

  /** Today's game records of the member (the call must succeed). */
  async function records<R = RecordItem>(): Promise<R[]> {
    const answer = await call<{ list: R[] }>('/api/game/record', { range: 'today', page_size: 20 });
    expect(answer.status, answer.message).toBe('success');
    return answer.data.list;
  }

  /** The server's balance is the R$ 100,00 deposit plus the net of these rounds. */
  async function expectDepositPlusNet(rounds: readonly { net_amount: string }[]): Promise<void> {
    const netCentavos = rounds.reduce((sum, record) => sum + (moneyStringToCentavos(record.net_amount) ?? Number.NaN), 0);
    expect(moneyStringToCentavos(await serverMoney())).toBe(10_000 + netCentavos);
  }

  return {
    start,
    stop,
    logIn,
    call,
    serverMoney,
    shownBalance,
    expectBalanceInSync,
    openGame,
    setStake,
    desktopShot,
    records,
    expectDepositPlusNet,
    get token() {
      return token;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the player has not started: call start() in beforeAll');
      return browser;
    },
  };
}
