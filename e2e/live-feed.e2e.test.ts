import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall } from './funded-member.ts';
import { houseGamePlayer, randomDigits } from './house-game-player.ts';

/**
 * The live feed and the live badge (issue 15 items 3 and 7): a dice round played on a member's
 * phone shows, without a reload, in the home page strip of a visitor's desktop tab and in the
 * bar under the member's own game; a note an operator sends through the back-office API shows
 * in the member's bell without a reload. Photographed at 390x844 and 1440x900.
 */

const digits = randomDigits();
const account = `feed_${digits}`;
const masked = `${account.slice(0, 2)}***${account.slice(-2)}`;
const player = houseGamePlayer({ account, realname: 'Rita Moreira', phone: `+55219${digits}` });

type FeedEntry = { id: number; player: string; game_code: string; bet: string };

let page: Page;
let browser: Browser;

beforeAll(async () => {
  page = await player.start();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await player.stop();
});

describe('live feed and badge', () => {
  it("a round played in one tab shows in another tab's strip and under the game, live", async () => {
    const visitor = await (await newContext(browser, DESKTOP, 'pt-BR')).newPage();
    await visitor.goto('/');
    await visitor.getByTestId('live-feed').waitFor({ timeout: 20_000 });

    await player.openGame('dice');
    await player.setStake('1,37');
    await page.getByTestId('dice-bet').click();
    await page.getByTestId('dice-result').waitFor();

    // The round's id, from the public feed (the player masked: the account itself is nowhere).
    let round: FeedEntry | undefined;
    await expect
      .poll(
        async () => {
          const feed = await apiCall<{ latest: FeedEntry[] }>('/api/feed/wins');
          expect(JSON.stringify(feed.data)).not.toContain(account);
          round = feed.data.latest.find((e) => e.player === masked && e.game_code === 'dice' && e.bet === '1.37');
          return round !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const id = String(round?.id);

    // The visitor's home page got it pushed (no reload), and so did the bar under the member's game.
    await visitor.locator(`[data-testid="feed-latest"] [data-round="${id}"]`).waitFor({ timeout: 10_000 });
    expect(await visitor.locator(`[data-testid="feed-latest"] [data-round="${id}"] [data-testid="feed-player"]`).textContent()).toBe(
      masked,
    );
    await page.locator(`[data-testid="feed-chip"][data-round="${id}"]`).waitFor({ timeout: 10_000 });
    await visitor.getByTestId('live-feed').scrollIntoViewIfNeeded();
    await screenshot(visitor, 'live-feed-home-1440x900');
    await screenshot(page, 'live-feed-dice-390x844');

    const phoneVisitor = await (await newContext(browser, PHONE, 'pt-BR')).newPage();
    await phoneVisitor.goto('/');
    await phoneVisitor.locator(`[data-testid="feed-latest-phone"] [data-round="${id}"]`).waitFor({ timeout: 20_000 });
    await phoneVisitor.getByTestId('live-feed').scrollIntoViewIfNeeded();
    await screenshot(phoneVisitor, 'live-feed-home-390x844');
    await visitor.context().close();
    await phoneVisitor.context().close();
  });

  it("an operator's note shows in the open tab's bell without a reload", async () => {
    await page.goto('/');
    const bell = page.locator('header a[href="/information-center/notification"]');
    await bell.waitFor();
    const before = Number((await bell.textContent())?.trim() || '0');

    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const me = await apiCall<{ id: number }>('/api/auth/me', {}, token ?? '');
    const login = await fetch(`${baseURL()}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(adminCredentials()),
    });
    const operator = ((await login.json()) as { data: { token: string } }).data.token;
    const sent = await fetch(`${baseURL()}/api/admin/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
      body: JSON.stringify({ member_id: me.data.id, title: 'Bem-vinda', body: 'Sua conta está pronta.' }),
    });
    expect(sent.status).toBe(200);

    await expect.poll(async () => Number((await bell.textContent())?.trim() || '0'), { timeout: 10_000 }).toBe(before + 1);
  });
});
