import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import type { RainCurrent } from '../packages/shared/src/schemas/rain.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, randomCpf, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/**
 * The chat rain (issue 15 item 2) on the e2e server, where a rain falls every 30 s (global-setup):
 * a member with a CPF, a bet and a chat message sees the card's countdown, presses "Resgatar" on a
 * phone while it rains, and reads the share received there and on a desktop; the share is on its
 * balance. Photographed at 390x844 and 1440x900.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openChat(page: Page): Promise<void> {
  await page.locator('[data-testid=chat-toggle]:visible, [data-testid=chat-tab]:visible').first().click();
  await page.getByTestId('chat-panel').waitFor();
  await page.getByTestId('rain-card').waitFor();
}

describe('chat rain', () => {
  test('an eligible member claims the rain on a phone and receives its share', { timeout: 150_000 }, async () => {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const token = await registerFundedMember({
      account: `rain_${digits}`,
      password: 'player-pass-1',
      realname: 'Renata Lima',
      phone: `+55219${digits}`,
    });
    const cpf = randomCpf();
    const key = await apiCall('/api/memberbanks/save', { account_type: 'cpf', account: cpf, name: 'Renata Lima', cpf_id: cpf }, token);
    expect(key.status, key.message).toBe('success');
    // Terms another test may have put in force are accepted first, as the site asks before any bet.
    const terms = await apiCall<{ version?: number } | null>('/api/terms/current?kind=terms', undefined, token);
    if (typeof terms.data?.version === 'number') await apiCall('/api/terms/accept', { version: terms.data.version }, token);
    const bet = await apiCall('/api/house/dice/bet', { amount: '1.00', target: '50.00', direction: 'under' }, token);
    expect(bet.status, bet.message).toBe('success');

    // Before writing in the chat the card says what is missing.
    const phone = await newContext(browser, PHONE);
    const page = await phone.newPage();
    await page.goto('/');
    await page.evaluate((value) => sessionStorage.setItem('token', value), token);
    await page.reload();
    await openChat(page);
    await expect
      .poll(() => page.getByTestId('rain-not-eligible').locator('li').first().getAttribute('data-reason'), { timeout: 10_000 })
      .toBe('chat_inactive');

    await page.getByTestId('chat-input').fill('Boa tarde! Chuva chegando?');
    await page.getByTestId('chat-send').click();
    await expect.poll(() => page.getByTestId('rain-not-eligible').count(), { timeout: 40_000 }).toBe(0);

    // The next rain opens within 30 s: the button shows, and claiming says when the share arrives.
    await page.getByTestId('rain-claim').waitFor({ timeout: 45_000 });
    await screenshot(page, 'rain-phone-open');
    const before = moneyStringToCentavos((await apiCall<{ money: string }>('/api/auth/me', {}, token)).data.money) ?? 0;
    await page.getByTestId('rain-claim').click();
    await page.getByTestId('rain-claimed').waitFor({ timeout: 10_000 });

    // Paid when the window closes (15 s): the card shows the share, the balance has it.
    await page.getByTestId('rain-received').waitFor({ timeout: 40_000 });
    await screenshot(page, 'rain-phone-received');
    const current = await apiCall<RainCurrent>('/api/rain/current', undefined, token);
    const share = moneyStringToCentavos(current.data.received?.amount ?? '') ?? 0;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(moneyStringToCentavos(current.data.pot) ?? 0);
    const after = moneyStringToCentavos((await apiCall<{ money: string }>('/api/auth/me', {}, token)).data.money) ?? 0;
    expect(after - before).toBe(share);
    await phone.close();

    // The same member on a desktop reads it in the chat panel on the right.
    const wide = await newContext(browser, DESKTOP);
    const desk = await wide.newPage();
    await desk.goto('/');
    await desk.evaluate((value) => sessionStorage.setItem('token', value), token);
    await desk.reload();
    await openChat(desk);
    await desk.getByTestId('rain-received').waitFor({ timeout: 10_000 });
    await screenshot(desk, 'rain-desktop-received');
    await wide.close();
  });
});
