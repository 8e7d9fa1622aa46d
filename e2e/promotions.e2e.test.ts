import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL, moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { cpfCheckDigits } from '../packages/shared/src/pix/cpf.ts';
import { DESKTOP, newContext, PHONE, screenshot } from './browser.ts';
import { depositWithPix } from './funded-member.ts';
import { houseGamePlayer } from './house-game-player.ts';

/**
 * Promotions, VIP and the agency as a player meets them, in Portuguese on a phone: a member who
 * deposited R$ 100,00 claims the first-deposit bonus, spins the lottery wheel until "No more roll
 * remaining", invites a friend who registers with the link and deposits, sees the direct reward
 * and claims the invitation bonus; after bets the VIP page shows the progress. Every amount the
 * pages show is compared with the server's.
 */

const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const account = `promo_${digits}`;
const friendAccount = `amigo_${digits}`;
const password = 'player-pass-1';

const player = houseGamePlayer({ account, password, realname: 'Carla Mendes', phone: `+55219${digits}` });
const { call } = player;

let page: Page;
const centavos = (money: string) => moneyStringToCentavos(money) ?? Number.NaN;
/** "R$ 1.234,56" as the pages show it (Intl's no-break spaces made plain). */
const brl = (money: string) => formatBRL(centavos(money), 'pt');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
const me = async (bearer = player.token) => (await call<{ money: string; ml_money: string; id: number }>('/api/auth/me', {}, bearer)).data;

async function toast(text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  page = await player.start();
});

afterAll(() => player.stop());

describe('promotions, agency and VIP', () => {
  it('claims the first-deposit bonus: R$ 10,00 with its turnover', async () => {
    await page.goto('/promotion/activity/recharge');
    const panel = page.getByTestId('ftd-panel');
    await panel.getByRole('button', { name: 'Resgatar R$ 10,00' }).click();
    await toast('Recompensa resgatada com sucesso!');
    await panel.getByRole('button', { name: 'Resgatado' }).waitFor();
    const after = await me();
    expect(after.money).toBe('110.00');
    expect(centavos(after.ml_money)).toBeGreaterThan(0);
    await screenshot(page, 'promo-ftd-390x844');

    // The cover history lists the credit with its source.
    await page.goto('/promotion/cover');
    const row = page.getByTestId('bonus-row').first();
    await row.waitFor();
    expect(plain(await row.textContent())).toContain('R$ 10,00');
  });

  it('spins the lottery wheel until "No more roll remaining"; every prize is paid', async () => {
    const before = centavos((await me()).money);
    await page.goto('/promotion/activity/lottery-wheel');
    await page.getByTestId('wheel-tab-lotterywheel').click();
    const remaining = page.getByTestId('remaining-spins');
    // Without a CPF on file only the R$ 100,00 deposit's spin is there; the page says how to get the free one.
    await expect.poll(async () => plain(await remaining.textContent())).toBe('1');
    await page.getByTestId('verify-cpf').waitFor();
    await screenshot(page, 'promo-lottery-wheel-unverified-390x844');
    const base = digits.slice(0, 8) + '7';
    const cpf = base + cpfCheckDigits(base);
    const saved = await call<unknown>('/api/memberbanks/save', { account_type: 'cpf', account: cpf, name: 'Carla Mendes', cpf_id: cpf });
    expect(saved.status).toBe('success');
    // With the CPF on file: the free spin of the day and the deposit's spin.
    await page.reload();
    await page.getByTestId('wheel-tab-lotterywheel').click();
    await expect.poll(async () => plain(await remaining.textContent())).toBe('2');
    expect(await page.getByTestId('verify-cpf').count()).toBe(0);
    let spins = 0;
    let won = 0;
    while (spins < 5 && !(await page.getByTestId('no-spins').isVisible())) {
      await page.getByTestId('spin').click();
      const result = page.getByTestId('wheel-result');
      await result.waitFor({ timeout: 20_000 });
      spins += 1;
      await result.getByRole('button').last().click();
      await result.waitFor({ state: 'detached' });
      await expect.poll(async () => plain(await remaining.textContent())).toBe(String(2 - spins));
    }
    expect(spins).toBe(2);
    await page.getByTestId('no-spins').getByText('Não há mais giros disponíveis').waitFor();
    const history = await call<{ list: { source: string; amount: string }[] }>('/api/cover/history', { source: 'lotterywheel' });
    expect(history.data.list).toHaveLength(2);
    for (const item of history.data.list) won += centavos(item.amount);
    expect(centavos((await me()).money)).toBe(before + won);
    // The server says the same as the page.
    const claim = await call<unknown>('/api/lotterywheel/claim', { name: account });
    expect(claim.status).toBe('error');
    expect(claim.message).toBe('Não há mais giros disponíveis');
    await screenshot(page, 'promo-lottery-wheel-390x844');
  });

  it('invites a friend who registers with the link and deposits; the direct reward shows', async () => {
    await page.goto('/agency-center/invite');
    const link = plain(await page.getByTestId('invite-link').first().textContent());
    expect(link).toMatch(/\/\?invite_code=[A-Za-z0-9]+$/);
    const invitePath = new URL(link).pathname + new URL(link).search;

    // The friend opens the link in another browser: the register form opens with the code filled.
    const friendContext = await newContext(player.browser, PHONE, 'pt-BR');
    const friend = await friendContext.newPage();
    await friend.goto(invitePath);
    const form = friend.getByRole('dialog', { name: 'Cadastro' });
    await form.waitFor();
    const code = new URL(link).searchParams.get('invite_code');
    expect(await form.locator('input[name="invite_code"]').inputValue()).toBe(code);
    await form.locator('input[name="account"]').fill(friendAccount);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('input[name="password_confirmation"]').fill(password);
    await form.locator('input[name="realname"]').fill('Rafael Souza');
    await form.locator('input[name="phone"]').fill(`319${digits}`);
    await form.locator('input[name="captcha"]').fill('1234');
    await form.locator('input[name="agree"]').check();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await friend.getByText('Seu cadastro foi concluído com sucesso').waitFor();
    const friendToken = await friend.evaluate(() => sessionStorage.getItem('token'));
    expect(friendToken).toMatch(/.{20,}/);
    const friendId = (await me(friendToken!)).id;
    await depositWithPix(friendToken!, '100');
    await friendContext.close();

    // The inviter sees the friend at level 1 with the direct reward of today's recharge commission.
    await page.goto('/agency-center/invitation-record');
    const record = page.locator(`[data-testid="invite-record"][data-uid="${friendId}"]`);
    await record.waitFor();
    const records = await call<{ list: { invitee_uid: number; direct_reward: string; level: number }[] }>('/api/agency/inviterecord', {});
    const mine = records.data.list.find((r) => r.invitee_uid === friendId);
    expect(mine?.level).toBe(1);
    expect(centavos(mine!.direct_reward)).toBeGreaterThan(0);
    await expect.poll(async () => plain(await record.getByTestId('record-reward').textContent())).toBe(brl(mine!.direct_reward));
    await screenshot(page, 'agency-invitation-record-390x844');

    // The invitation activity pays R$ 100,00 for the qualified friend, once.
    const before = centavos((await me()).money);
    await page.goto('/promotion/activity/invitation-activity');
    await page.getByTestId('invitation-panel').getByRole('button', { name: 'Resgatar R$ 100,00' }).click();
    await toast('Recompensa resgatada com sucesso!');
    expect(centavos((await me()).money)).toBe(before + 10_000);
    const again = await call<unknown>('/api/invitationactivity/claim', { name: account });
    expect(again.status).toBe('error');
    expect(centavos((await me()).money)).toBe(before + 10_000);
  });

  it('shows VIP progress after bets', async () => {
    const info = async () =>
      (await call<{ uservip: { totalbetting: string; totalrecharge: string } }>('/api/member/vip/info', {})).data.uservip;
    const betBefore = centavos((await info()).totalbetting);
    for (let i = 0; i < 3; i++) {
      const bet = await call<unknown>('/api/house/dice/bet', { amount: '5.00', target: '50.00', direction: 'over' });
      expect(bet.status).toBe('success');
    }
    const after = await info();
    expect(centavos(after.totalbetting)).toBe(betBefore + 1_500);
    await page.goto('/vip');
    await expect.poll(async () => plain(await page.getByTestId('vip-total-betting').textContent())).toBe(brl(after.totalbetting));
    expect(plain(await page.getByTestId('vip-total-recharge').textContent())).toBe(brl(after.totalrecharge));
    await page.getByRole('progressbar').first().waitFor();
    await screenshot(page, 'vip-390x844');

    const desktop = await newContext(player.browser, DESKTOP, 'pt-BR');
    const tab = await desktop.newPage();
    await player.logIn(tab);
    for (const [path, name] of [
      ['/vip', 'vip'],
      ['/promotion/activity', 'promo-activities'],
      ['/promotion/activity/lottery-wheel', 'promo-lottery-wheel'],
      ['/agency-center/invite', 'agency-invite'],
    ] as const) {
      await tab.goto(path);
      await tab.waitForLoadState('networkidle');
      await screenshot(tab, `${name}-1440x900`);
    }
    await desktop.close();
  });
});
