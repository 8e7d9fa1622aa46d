import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * The game catalogue in Portuguese: a visitor is asked to log in to play; a member follows a
 * game from a tile and finds it on /favorites, finds it again with the instant search, browses
 * /game by type and tag, opens the sandbox provider's game in its full-screen frame and comes
 * back; a dice round shows in the game records with its amounts and, once the seeds are rotated,
 * /fairness recomputes it in the browser to the recorded result. Screens at 390x844 and 1440x900.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');
const web = JSON.parse(readFileSync(join(LOCALES, 'web.json'), 'utf8')) as Record<string, unknown>;
function text(path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], web);
  if (typeof value !== 'string') throw new Error(`missing web catalogue key ${path}`);
  return value;
}
const NO_GAMES = text('empty.no_games');
const NO_RECORDS = text('empty.no_records');

const FISH_GAME = { code: 'sandbox-pesca-dourada', name: 'Pesca Dourada' };
const SLOT_GAME = { code: 'sandbox-tigre-sortudo', name: 'Tigre Sortudo' };

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `games_${digits}`;
const password = 'player-pass-1';

let browser: Browser;
let token = '';
let memberId = 0;

type Envelope<T> = { code: number; status: string; message: string; data: T };

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await response.json()) as Envelope<T>;
}

/** A member's tab: the token where the app keeps it (spec section 4). */
async function memberPage(viewport: { width: number; height: number } = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, 'pt-BR');
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
  return { context, page };
}

const tile = (page: Page | Locator, code: string) => page.locator(`[data-testid="game-tile"][data-game-code="${code}"]`);
/** The games of the selected category tab on the home page (a game may also sit in the rows below). */
const tabPanel = (page: Page) => page.getByRole('tabpanel');

beforeAll(async () => {
  const registered = await api<{ token: string }>('/api/auth/register2?lang=pt', {
    body: {
      account,
      password,
      password_confirmation: password,
      realname: 'Carla Souza',
      phone: `+55219${digits}`,
      captcha_key: 'x',
      captcha: 'x',
      agree: true,
    },
  });
  expect(registered.status, registered.message).toBe('success');
  token = registered.data.token;
  const me = await api<{ id: number }>('/api/auth/me', { token, body: {} });
  memberId = me.data.id;

  // R$ 50,00 to play with, through an audited back-office adjustment (a ledger transfer).
  const login = await api<{ token: string }>('/api/admin/auth/login', { body: adminCredentials() });
  expect(login.status, login.message).toBe('success');
  const adjusted = await api(`/api/admin/members/${memberId}/adjust`, {
    token: login.data.token,
    body: { direction: 'credit', amount: '50.00', reason: 'e2e: saldo para jogar' },
  });
  expect(adjusted.status, adjusted.message).toBe('success');

  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('game catalogue', () => {
  it('asks a visitor to log in to play or to follow, with a way back', async () => {
    const context = await newContext(browser, PHONE, 'pt-BR');
    const page = await context.newPage();
    await page.goto(`/gameInfo?code=${SLOT_GAME.code}`);
    await page.getByTestId('game-login-required').waitFor();
    await page.getByText(SLOT_GAME.name).first().waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await screenshot(page, 'games-gameinfo-visitor-390x844');
    // Opened directly, "back" leads home.
    await page
      .getByRole('button', { name: text('common.back') })
      .first()
      .click();
    await page.waitForURL(`${baseURL()}/`);

    // The heart on a tile asks to log in too.
    await tile(page, 'crash').first().waitFor();
    await tile(page, 'crash').first().getByTestId('follow-heart').click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  it("fills the lobby's Bingo, Cartas and Cassino ao vivo tabs with at least two games each", async () => {
    const context = await newContext(browser, PHONE, 'pt-BR');
    const page = await context.newPage();
    await page.goto('/');
    const expected: Record<string, string[]> = {
      bingo: ['bingo-75', 'bingo-90'],
      card: ['blackjack', 'video-poker', 'baccarat', 'hi-lo'],
      live: ['double', 'live-roulette', 'live-bac-bo'],
    };
    for (const [category, codes] of Object.entries(expected)) {
      await page.getByRole('tab', { name: text(`categories.${category}`) }).click();
      for (const code of codes) await tile(tabPanel(page), code).first().waitFor();
      expect(await tabPanel(page).locator('[data-testid="game-tile"]').count()).toBeGreaterThanOrEqual(2);
      expect(await tabPanel(page).getByText(NO_GAMES).count()).toBe(0);
    }
    await screenshot(page, 'games-lobby-live-tab-390x844');
    await context.close();
  });

  it('follows a game from a home tile and finds it on /favorites; taking the heart off reloads the list', async () => {
    const { context, page } = await memberPage();
    await page.goto('/');
    await page.getByRole('tab', { name: text('categories.fish') }).click();
    const heart = tile(tabPanel(page), FISH_GAME.code).getByTestId('follow-heart');
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    const follows = await api<{ code: string }[]>(`/api/games/follow?member_id=${memberId}&name=${account}`, { token, body: {} });
    expect(follows.data.map((game) => game.code)).toEqual([FISH_GAME.code]);

    await page.goto('/favorites');
    await tile(page, FISH_GAME.code).waitFor();
    await expect.poll(() => page.getByTestId('game-tile').count()).toBe(1);

    // Off and on again from the favourites screen: the list follows the server.
    await tile(page, FISH_GAME.code).getByTestId('follow-heart').click();
    await page.getByTestId('empty-state').getByText(NO_GAMES).waitFor();
    await page.goto('/');
    await page.getByRole('tab', { name: text('categories.fish') }).click();
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/favorites');
    await tile(page, FISH_GAME.code).waitFor();
    await context.close();
  });

  it('finds games as the player types on /searchGames, and says so when nothing matches', async () => {
    const { context, page } = await memberPage();
    await page.goto('/searchGames');
    const box = page.getByRole('searchbox', { name: text('home.search_placeholder') });
    await box.pressSequentially('pesca', { delay: 40 });
    // No submit: results follow the typing, and the address keeps the search.
    await tile(page, FISH_GAME.code).waitFor();
    await page.waitForURL(/\/searchGames\?q=pesca$/);
    expect(await tile(page, FISH_GAME.code).getByTestId('follow-heart').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('game-tile').count()).toBe(1);

    await box.fill('dourada zzz');
    await page.getByTestId('empty-state').getByText(NO_GAMES).waitFor();
    await box.fill('TIGRE');
    await tile(page, SLOT_GAME.code).waitFor();
    await context.close();
  });

  it('lists /game by type and tag, and refuses an unknown type', async () => {
    const { context, page } = await memberPage();
    await page.goto('/game?type=slots');
    await tile(page, SLOT_GAME.code).waitFor();
    await expect.poll(() => page.getByTestId('game-tile').count()).toBeGreaterThanOrEqual(3);
    const slots = await page.getByTestId('game-tile').count();
    await page.getByRole('link', { name: `#${text('games.tags.new')}` }).click();
    await page.waitForURL(/tag=new/);
    await expect.poll(() => page.getByTestId('game-tile').count()).toBeLessThan(slots);
    expect(await tile(page, SLOT_GAME.code).count()).toBe(0);

    await page.goto('/game?type=roleta-russa');
    await page.getByTestId('empty-state').getByText(text('common.wrong_type')).waitFor();
    // Every category has games now: a tag no bingo room carries lists nothing.
    await page.goto('/game?type=bingo&tag=free-spins');
    await page.getByTestId('empty-state').getByText(NO_GAMES).waitFor();
    await page.goto('/video');
    await tile(page, 'double')
      .or(page.getByRole('link', { name: 'Double' }).first())
      .first()
      .waitFor();
    await context.close();
  });

  it("opens the sandbox provider's game full screen in a frame, with the balance and a way back", async () => {
    const { context, page } = await memberPage();
    await page.goto('/searchGames?q=tigre');
    await tile(page, SLOT_GAME.code).getByRole('link').click();
    await page.waitForURL(new RegExp(`/gameInfo\\?code=${SLOT_GAME.code}$`));
    const frame = page.getByTestId('provider-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain('/sandbox-provider/play');
    await expect.poll(() => page.getByTestId('game-balance').textContent()).toContain('R$ 50,00');
    // The provider's own page really loads inside the frame.
    const provider = page.frameLocator('[data-testid="provider-frame"]');
    await provider.locator('body *').first().waitFor();
    await screenshot(page, 'games-gameinfo-provider-390x844');
    await page.getByRole('button', { name: text('common.back') }).click();
    await page.waitForURL(/\/searchGames\?q=tigre$/);
    await context.close();
  });

  it('shows a dice round in the game records, and /fairness recomputes it to the recorded result', async () => {
    const bet = await api<{ round_id: number; amount: string; win: string }>('/api/house/dice/bet?lang=pt', {
      token,
      body: { amount: '2.00', target: '50.50', direction: 'over' },
    });
    expect(bet.status, bet.message).toBe('success');
    const net = Number(bet.data.win.replace('.', '')) - 200;

    const { context, page } = await memberPage();
    await page.goto('/game-records');
    const row = page.locator(`[data-testid="game-record"][data-game-code="dice"]`);
    await row.waitFor();
    expect(await row.getByTestId('record-bet').textContent()).toBe('R$ 2,00');
    const shownNet = await row.getByTestId('record-net').getAttribute('data-net');
    expect(Number(shownNet?.replace('.', ''))).toBe(net);
    await page.getByRole('tab', { name: text('games.records.range_7days') }).click();
    await row.waitFor();

    // Rotating reveals the server seed the round used; the page then replays it.
    await page.goto('/fairness');
    await page.getByTestId('active-server-hash').waitFor();
    await page.getByTestId('rotate-seeds').click();
    await page.getByTestId('revealed-pair').first().waitFor();
    await page.goto(`/fairness?round=${bet.data.round_id}`);
    const verdict = page.getByTestId('round-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-ok')).toBe('true');
    const facts = page.locator('[data-testid="round-facts"] tbody tr');
    expect(await facts.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="round-facts"] tr[data-equal="false"]').count()).toBe(0);
    await screenshot(page, 'games-fairness-round-390x844');
    await context.close();
  });

  it('looks right on a phone and on a desktop', async () => {
    for (const [label, viewport] of [
      ['390x844', PHONE],
      ['1440x900', DESKTOP],
    ] as const) {
      const { context, page } = await memberPage(viewport);
      const shots: [string, string, () => Promise<void>][] = [
        ['home', '/', () => tile(page, 'crash').first().waitFor()],
        ['game', '/game?type=slots', () => tile(page, SLOT_GAME.code).waitFor()],
        ['search', '/searchGames?q=a', () => page.getByTestId('game-tile').first().waitFor()],
        ['favorites', '/favorites', () => tile(page, FISH_GAME.code).waitFor()],
        ['game-records', '/game-records', () => page.getByTestId('game-record').first().waitFor()],
      ];
      for (const [name, path, ready] of shots) {
        await page.goto(path);
        await ready();
        await page.waitForTimeout(300);
        await screenshot(page, `games-${name}-${label}`);
      }
      await context.close();
    }
  });

  it('says "No records found" to a member who has not played', async () => {
    const other = await api<{ token: string }>('/api/auth/register2?lang=pt', {
      body: {
        account: `fresh_${digits}`,
        password,
        password_confirmation: password,
        realname: 'Rui Costa',
        phone: `+55319${digits}`,
        captcha_key: 'x',
        captcha: 'x',
        agree: true,
      },
    });
    expect(other.status, other.message).toBe('success');
    const context = await newContext(browser, PHONE, 'pt-BR');
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((value) => sessionStorage.setItem('token', value), other.data.token);
    await page.goto('/game-records');
    await page.getByTestId('empty-state').getByText(NO_RECORDS).waitFor();
    await page.goto('/favorites');
    await page.getByTestId('empty-state').getByText(NO_GAMES).waitFor();
    await context.close();
  });
});
