import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';

/**
 * Games in the back office, end to end: an operator marks a game popular and players find it in
 * the popular row, then disables it and it leaves the player's lists; the results page shows a
 * dice round a member really played; the round lookup shows its money, wallet transactions and
 * seed pair, with the server seed hidden until the member rotates it and then checked against
 * its commitment in the browser.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');
const catalogue = (name: string) => JSON.parse(readFileSync(join(LOCALES, name), 'utf8')) as Record<string, unknown>;
const admin = catalogue('admin.json');
const server = catalogue('server.json');

function lookup(tree: Record<string, unknown>, path: string): string {
  let node: unknown = tree;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`pt catalogue has no ${path}`);
  return node;
}
const text = (path: string, values: Record<string, string | number> = {}) =>
  lookup(admin, path).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
/** Intl writes "R$ 2,00" with a no-break space; compare on plain spaces. */
const plain = (value: string | null) => (value ?? '').replace(/\s/g, ' ');

const GAME = 'sandbox-keno-rapido';

type Answer<T> = { status: string; message: string; data: T };

async function api<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseURL()}${path}${path.includes('?') ? '&' : '?'}lang=pt`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Answer<T>;
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

type GameItem = { id: number; code: string };
type AdminGame = GameItem & { name: string; names: Record<string, string>; enabled: boolean; is_popular: boolean };

async function adminToken(): Promise<string> {
  const answer = await api<{ token: string }>('POST', '/api/admin/auth/login', adminCredentials());
  expect(answer.status, answer.message).toBe('success');
  return answer.data.token;
}

async function findAdminGame(token: string, code: string): Promise<AdminGame> {
  const answer = await api<{ list: AdminGame[] }>('GET', `/api/admin/games?name=${encodeURIComponent(code)}`, undefined, bearer(token));
  const game = answer.data.list.find((g) => g.code === code);
  if (!game) throw new Error(`no game ${code} in the back office`);
  return game;
}

async function playerCodes(path: string): Promise<string[]> {
  const answer = await api<GameItem[] | { list: GameItem[] }>('GET', path);
  expect(answer.status, answer.message).toBe('success');
  return (Array.isArray(answer.data) ? answer.data : answer.data.list).map((g) => g.code);
}

/** A member with R$ 50,00 (an audited adjustment) who rolls the dice once for R$ 2,00. */
async function memberWithDiceRound(token: string) {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const account = `games_e2e_${digits}`;
  const registered = await api<{ token: string; user: { id: number } }>('POST', '/api/auth/register2', {
    account,
    password: 'player-pass-1',
    password_confirmation: 'player-pass-1',
    realname: 'Bruna Carvalho',
    phone: `+55119${digits}`,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  expect(registered.status, registered.message).toBe('success');
  const member = { id: registered.data.user.id, account, token: registered.data.token };
  const funded = await api(
    'POST',
    `/api/admin/members/${member.id}/adjust`,
    { direction: 'credit', amount: '50.00', reason: 'e2e games' },
    {
      ...bearer(token),
      'Idempotency-Key': `games-e2e-${digits}`,
    },
  );
  expect(funded.status, funded.message).toBe('success');
  const roll = await api<{ round_id: number; amount: string; win: string }>(
    'POST',
    '/api/house/dice/bet',
    { amount: '2.00', target: '50.00', direction: 'over' },
    bearer(member.token),
  );
  expect(roll.status, roll.message).toBe('success');
  return { ...member, roundId: roll.data.round_id, win: roll.data.win };
}

async function login(page: Page): Promise<void> {
  const { username, password } = adminCredentials();
  await page.goto('/admin/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: text('login.submit') }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

/** The toast with the server's message (the status region of the toaster). */
async function toast(page: Page, message: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: message }).first().waitFor();
}

describe('back office: games', () => {
  let browser: Browser;
  let token: string;
  let original: AdminGame;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    original = await findAdminGame(token, GAME);
  });

  afterAll(async () => {
    // Other e2e files share this server: leave the game as it was.
    if (token && original) {
      await api('PATCH', `/api/admin/games/${original.id}`, { enabled: original.enabled, is_popular: original.is_popular }, bearer(token));
    }
    await browser?.close();
  });

  test('an operator marks a game popular, then disables it: players see each change at once', async () => {
    expect(original.enabled).toBe(true);
    // The back office names games in the operator's language (pt here).
    const name = original.names.pt || original.name;
    expect(await playerCodes(`/api/games/listsv2?name=${encodeURIComponent('keno')}`)).toContain(GAME);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page);
    await page.getByRole('link', { name: text('nav.games'), exact: true }).click();
    await page.waitForURL(/\/admin\/games/);
    // Type once the list has loaded, so the first render cannot swallow the text.
    await page.locator('[data-testid="games-table"] tbody tr').first().waitFor();
    const search = page.getByLabel(text('games.search_label'));
    // The sandbox's keno by its code: the house's own keno matches "keno" too.
    await search.fill('keno-rapido');
    await expect.poll(() => search.inputValue()).toBe('keno-rapido');
    const row = page.locator(`[data-testid="games-table"] tr[data-game="${GAME}"]`);
    // The search runs as the operator types (debounced into the URL).
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/[?&]q=keno-rapido/);
    await expect.poll(() => page.locator('[data-testid="games-table"] tbody tr').count()).toBe(1);
    await row.waitFor();

    // Popular, through the edit dialog.
    await row.getByRole('button', { name: text('games.edit_named', { name }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const popular = dialog.getByLabel(text('games.form.popular'));
    if (await popular.isChecked()) await popular.uncheck();
    else await popular.check();
    const nowPopular = await popular.isChecked();
    await dialog.getByRole('button', { name: text('games.form.save') }).click();
    await toast(page, lookup(server, 'admin.game_saved'));
    await dialog.waitFor({ state: 'hidden' });
    expect(await playerCodes('/api/games/popular').then((codes) => codes.includes(GAME))).toBe(nowPopular);
    if (!nowPopular) {
      // It was popular already: make it popular again so the row below shows the flag.
      await row.getByRole('button', { name: text('games.edit_named', { name }) }).click();
      await dialog.getByLabel(text('games.form.popular')).check();
      await dialog.getByRole('button', { name: text('games.form.save') }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(await playerCodes('/api/games/popular')).toContain(GAME);
    await row.getByText(text('games.popular')).waitFor();

    // Disabled, with the inline switch: gone from the player's lists.
    const toggle = row.getByRole('switch', { name: text('games.disable_named', { name }) });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await toggle.click();
    await toast(page, lookup(server, 'admin.game_saved'));
    await row.getByRole('switch', { name: text('games.enable_named', { name }) }).waitFor();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(await playerCodes(`/api/games/listsv2?name=${encodeURIComponent('keno')}`)).not.toContain(GAME);
    expect(await playerCodes('/api/games/popular')).not.toContain(GAME);
    await screenshot(page, 'admin-games-desktop');

    // The audit log kept both changes with before and after.
    const audit = await api<{ list: { action: string; before: { enabled: boolean }; after: { enabled: boolean } }[] }>(
      'GET',
      `/api/admin/audit-log?action=game.update&target_id=${original.id}`,
      undefined,
      bearer(token),
    );
    expect(audit.data.list[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    // And back on: the players get it again.
    await row.getByRole('switch').click();
    await row.getByRole('switch', { name: text('games.disable_named', { name }) }).waitFor();
    expect(await playerCodes(`/api/games/listsv2?name=${encodeURIComponent('keno')}`)).toContain(GAME);
    await context.close();

    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await login(phonePage);
    await phonePage.goto('/admin/games');
    await phonePage.locator(`li[data-game="${GAME}"]`).waitFor();
    await screenshot(phonePage, 'admin-games-phone');
    await phone.close();
  });

  test('results show a dice round a member played, and the lookup shows its money, transactions and seeds', async () => {
    const member = await memberWithDiceRound(token);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page);

    await page.getByRole('link', { name: text('nav.game_results') }).click();
    await page.waitForURL(/\/admin\/game-results/);
    const dice = page.locator('[data-testid="results-table"] tr[data-game="dice"]');
    await dice.waitFor();
    expect(plain(await dice.textContent())).toMatch(/R\$ \d/);
    const totals = plain(await page.getByTestId('results-totals').textContent());
    expect(totals).toContain(text('game_results.columns.ggr'));
    await screenshot(page, 'admin-game-results-desktop');

    await page.getByRole('link', { name: text('nav.game_rounds') }).click();
    await page.waitForURL(/\/admin\/game-rounds/);
    await page.getByLabel(text('game_rounds.id_label')).fill(String(member.roundId));
    await page.getByRole('button', { name: text('game_rounds.search') }).click();
    const detail = page.getByTestId('round-detail');
    await detail.waitFor();
    await page.getByRole('heading', { name: text('game_rounds.round_title', { id: member.roundId }) }).waitFor();
    const shown = plain(await detail.textContent());
    expect(shown).toContain(member.account);
    expect(shown).toContain('R$ 2,00');
    expect(shown).toContain(text('game_rounds.status.settled'));
    const transactions = page.getByTestId('round-transactions');
    expect(await transactions.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    const ledgerKeys = plain(await transactions.textContent());
    expect(ledgerKeys).toContain('bet:house:');
    if (member.win !== '0.00') expect(ledgerKeys).toContain('win:house:');
    // The member has not rotated its seeds: the server seed stays hidden from operators too.
    const seed = page.getByTestId('round-seed');
    expect(plain(await seed.textContent())).toContain(text('game_rounds.server_seed_hidden'));
    await screenshot(page, 'admin-round-lookup-desktop');

    const rotated = await api('POST', '/api/fair/rotate', {}, bearer(member.token));
    expect(rotated.status, rotated.message).toBe('success');
    await page.reload();
    await page
      .getByTestId('seed-check')
      .filter({ hasText: text('game_rounds.hash_matches') })
      .waitFor();
    await context.close();

    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await login(phonePage);
    await phonePage.goto(`/admin/game-rounds?id=${member.roundId}`);
    await phonePage.getByTestId('seed-check').waitFor();
    await screenshot(phonePage, 'admin-round-lookup-phone');
    await phonePage.goto('/admin/game-results');
    await phonePage.locator('li[data-game="dice"]').waitFor();
    await screenshot(phonePage, 'admin-game-results-phone');
    await phone.close();
  });
});
