import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API } from '../packages/shared/src/api-paths.ts';
import { adminCredentials, baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall } from './funded-member.ts';

/**
 * Support chat (issue 15 item 6): a member on a phone opens a conversation from the floating
 * button; an operator answers from the back-office inbox on a desktop; the member's open page
 * shows the unread badge (pushed over /ws, no reload) and then the answer. Photographed at
 * 390x844 and 1440x900.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('support chat', () => {
  test('a member asks on a phone, an operator answers from the inbox, the member sees the badge and the answer', async () => {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const account = `help_${digits}`;
    const registered = await apiCall<{ token: string }>('/api/auth/register2', {
      account,
      password: 'player-pass-1',
      password_confirmation: 'player-pass-1',
      realname: 'Bruna Lima',
      phone: `+55219${digits}`,
      captcha_key: 'x',
      captcha: 'x',
      agree: true,
    });
    expect(registered.status, registered.message).toBe('success');

    // The member, on a phone: no floating button over the pages (it would cover their buttons above
    // the tab bar); the information centre's support page opens a new conversation straight away.
    const phone = await newContext(browser, PHONE);
    await phone.addInitScript((token) => sessionStorage.setItem('token', token), registered.data.token);
    const member = await phone.newPage();
    await member.goto('/information-center/support');
    await member.getByTestId('support-open').click();
    expect(await member.getByTestId('support-launcher').isVisible()).toBe(false);
    await member.getByTestId('support-panel').waitFor();
    const question = `Meu PIX de ontem ainda não caiu (${digits})`;
    await member.getByTestId('support-composer').fill(question);
    await member.getByTestId('support-send').click();
    await member.getByTestId('support-message-member').filter({ hasText: question }).waitFor();
    await screenshot(member, 'support-member-390x844');
    await member.getByTestId('support-close').click();
    await member.getByTestId('support-panel').waitFor({ state: 'detached' });

    // The operator, on a desktop: the inbox lists it, the answer goes from the reply box.
    const login = await fetch(`${baseURL()}${API.admin.login}?lang=pt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(adminCredentials()),
    });
    const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    const desk = await newContext(browser, DESKTOP);
    await desk.addInitScript((token) => sessionStorage.setItem('admin_token', token), adminToken);
    const operator = await desk.newPage();
    await operator.goto(`/admin/support?member=${account}`);
    await operator.getByTestId('support-inbox-row').filter({ hasText: account }).click();
    await operator.getByTestId('support-messages').getByText(question).waitFor();
    const answer = 'Olá, Bruna! Já localizamos o seu PIX; o crédito entra em até 10 minutos.';
    await operator.getByTestId('support-reply').fill(answer);
    await operator.getByTestId('support-send').click();
    await operator.getByTestId('support-messages').getByText(answer).waitFor();
    await screenshot(operator, 'support-admin-1440x900');
    const conversationUrl = operator.url();
    const deskPhone = await newContext(browser, PHONE);
    await deskPhone.addInitScript((token) => sessionStorage.setItem('admin_token', token), adminToken);
    const operatorPhone = await deskPhone.newPage();
    await operatorPhone.goto(conversationUrl);
    await operatorPhone.getByTestId('support-messages').getByText(answer).waitFor();
    await screenshot(operatorPhone, 'support-admin-390x844');

    // Back on the phone, without a reload: the badge, then the answer.
    await expect
      .poll(
        async () =>
          (
            await member
              .getByTestId('support-open-unread')
              .textContent({ timeout: 1000 })
              .catch(() => null)
          )?.trim(),
        { timeout: 15_000 },
      )
      .toBe('1');
    await screenshot(member, 'support-member-badge-390x844');
    await member.getByTestId('support-open').click();
    await member.getByTestId('support-conversation-row').first().click();
    await member.getByTestId('support-message-operator').filter({ hasText: answer }).waitFor();
    await screenshot(member, 'support-member-answer-390x844');
    await member.getByTestId('support-close').click();
    await member.getByTestId('support-open-unread').waitFor({ state: 'detached', timeout: 10_000 });

    // The same member on a desktop: the panel at the bottom right.
    const wide = await newContext(browser, DESKTOP);
    await wide.addInitScript((token) => sessionStorage.setItem('token', token), registered.data.token);
    const desktopMember = await wide.newPage();
    await desktopMember.goto('/');
    await desktopMember.getByTestId('support-launcher').click();
    await desktopMember.getByTestId('support-conversation-row').first().click();
    await desktopMember.getByTestId('support-message-operator').filter({ hasText: answer }).waitFor();
    await screenshot(desktopMember, 'support-member-1440x900');
    await Promise.all([phone.close(), desk.close(), deskPhone.close(), wide.close()]);
  });
});
