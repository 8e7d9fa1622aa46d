import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './browser.ts';
import { apiCall, registerFundedMember } from './funded-member.ts';

/**
 * Issue 15 items 4 and 5 in Chromium: a reminder popup configured in the back office shows on
 * entering the site (phone) and stays away after "don't remind me" and a reload; terms published
 * while a member already exists stop that member's bets until the member accepts them in the
 * dialog the site opens (desktop).
 */

let browser: Browser;
let admin = '';
const created: number[] = [];
const tag = String(Date.now() % 1_000_000);

async function adminCall<T>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${(await import('./browser.ts')).baseURL()}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: T; message: string; error_code?: string } };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await apiCall<{ token: string }>('/api/admin/auth/login', adminCredentials());
  admin = login.data.token;
});
afterAll(async () => {
  // The popups would greet every later test's pages: gone with the test.
  for (const id of created) await adminCall('DELETE', `/api/admin/popups/${id}`);
  await browser?.close();
});

describe('reminder popups and terms', () => {
  it('shows the popup on entering, and never again after "don\'t remind me"', async () => {
    const popup = await adminCall<{ id: number; modal: boolean }>('POST', '/api/admin/popups', {
      titles: { pt: `Bônus de boas-vindas ${tag}`, en: `Welcome bonus ${tag}` },
      texts: { pt: 'Deposite hoje e ganhe rodadas grátis.' },
      link_url: '/promotion',
      audience: 'visitors',
    });
    expect(popup.status).toBe(200);
    expect(popup.body.data.modal).toBe(true);
    created.push(popup.body.data.id);

    const context = await newContext(browser, PHONE, 'pt-BR');
    const page = await context.newPage();
    await page.goto('/');
    const shown = page.getByTestId('site-popup');
    await shown.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(`Bônus de boas-vindas ${tag}`);
    await screenshot(page, 'terms-popups-phone-popup');
    await page.getByTestId('popup-off').click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('banner').first().waitFor();
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('site-popup').count()).toBe(0);
    await context.close();
  });

  it('refuses a bet until the member accepts terms that came into force', async () => {
    const account = `terms${tag}`;
    const token = await registerFundedMember({
      account,
      password: 'player-pass-1',
      realname: 'Maria Termos',
      phone: `+55119${tag.padStart(8, '7')}`,
    });
    const bet = () => apiCall<unknown>('/api/house/dice/bet', { amount: '1.00', target: '50', direction: 'over' }, token);
    expect((await bet()).status).toBe('success');

    // The site's first terms: in force at once, so the member registered before must accept them.
    const draft = await adminCall<{ id: number }>('POST', '/api/admin/legal-documents', {
      kind: 'terms',
      titles: { pt: 'Termos e Condições de Uso' },
      contents: {
        pt: `# Termos ${tag}\n\nAo apostar você declara ter **18 anos ou mais**.\n\n- Jogue com responsabilidade\n- <script>alert(1)</script>`,
      },
    });
    expect(draft.status).toBe(200);
    const published = await adminCall<{ state: string }>('POST', `/api/admin/legal-documents/${draft.body.data.id}/publish`, {
      effective_at: new Date().toISOString(),
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const refused = await bet();
    expect(refused.status).toBe('error');
    expect((refused as unknown as { error_code: string }).error_code).toBe('TERMS_NOT_ACCEPTED');

    const context = await newContext(browser, DESKTOP, 'pt-BR');
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((value) => sessionStorage.setItem('token', value), token);
    await page.goto('/');
    const gate = page.getByTestId('terms-gate');
    await gate.waitFor({ timeout: 15_000 });
    await expect.poll(() => gate.locator('h1').textContent()).toBe(`Termos ${tag}`);
    // Raw HTML in the Markdown stays text.
    expect(await gate.locator('script').count()).toBe(0);
    await screenshot(page, 'terms-popups-desktop-gate');
    await page.getByTestId('terms-accept').click();
    await gate.waitFor({ state: 'detached' });
    expect((await bet()).status).toBe('success');
    await context.close();
  });
});
