import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, adminCredentials, baseURL, launchBrowser, newContext, randomCpf, screenshot } from './browser.ts';
import { payOnSandboxBank } from './funded-member.ts';

/**
 * Money in the back office, end to end: an operator credits a member R$ 200,00 with a manual
 * adjustment (double-clicked: it must post once); the member asks for two withdrawals of R$ 50,00;
 * the operator approves one (paid through the sandbox PSP) and rejects the other with a reason
 * (money back); the member page shows R$ 150,00, the ledger and both withdrawals; the audit log
 * keeps the adjustment, the approval and the rejection.
 */

const LOCALES = join(import.meta.dirname, '..', 'packages/shared/src/i18n/locales/pt');

function readCatalogue(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, name), 'utf8')) as Record<string, unknown>;
}

function lookup(catalogue: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const admin = readCatalogue('admin.json');
const server = readCatalogue('server.json');
const text = (path: string, values: Record<string, string> = {}): string => {
  const value = lookup(admin, path);
  if (!value) throw new Error(`admin.json (pt) has no ${path}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};
/** The server's own success text when it has one, else the back office's fallback. */
const serverText = (path: string, fallback: string): string => lookup(server, path) ?? text(fallback);

/** Intl writes "R$ 150,00" with a no-break space; compare on plain spaces. */
const plain = (value: string | null): string => (value ?? '').replace(/\s/g, ' ');

type Answer<T> = { status: string; message: string; data: T };

async function call<T>(path: string, body: unknown, token?: string): Promise<Answer<T>> {
  const response = await fetch(`${baseURL()}${path}${path.includes('?') ? '&' : '?'}lang=pt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer<T>;
}

/** A CPF with valid check digits, for when the brief's fixed test CPF already belongs to someone in this database. */

type Member = { id: number; account: string; token: string; bankId: number; cpf: string };

async function createMember(): Promise<Member> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const account = `money_${digits}`;
  const password = 'player-pass-1';
  const registered = await call<{ token: string; user: { id: number } }>('/api/auth/register2', {
    account,
    password,
    password_confirmation: password,
    realname: 'Joana Pereira',
    phone: `+55119${digits}`,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  expect(registered.status, registered.message).toBe('success');
  const token = registered.data.token;

  const qk = await call('/api/security/qk-password/set', { password, qk_pwd: '123456', qk_pwd_confirmation: '123456' }, token);
  expect(qk.status, qk.message).toBe('success');

  let cpf = randomCpf();
  type Banks = { list: { id: number }[] };
  let saved = await call<Banks>('/api/memberbanks/save', { account_type: 'cpf', account: cpf, name: 'Joana Pereira', cpf_id: cpf }, token);
  if (saved.status !== 'success') {
    cpf = randomCpf();
    saved = await call<Banks>('/api/memberbanks/save', { account_type: 'cpf', account: cpf, name: 'Joana Pereira', cpf_id: cpf }, token);
  }
  expect(saved.status, saved.message).toBe('success');
  const bankId = saved.data.list[0]?.id;
  expect(bankId).toBeTypeOf('number');
  return { id: registered.data.user.id, account, token, bankId: bankId!, cpf };
}

async function adminLogin(page: Page): Promise<void> {
  const { username, password } = adminCredentials();
  await page.goto('/admin/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: text('login.submit') }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

async function openMember(page: Page, member: Member, tab?: 'ledger' | 'withdrawals'): Promise<void> {
  await page.goto(`/admin/members/${member.id}${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('heading', { name: member.account }).waitFor();
}

/** The cash balance as the member page's balances card shows it. */
async function cashBalance(page: Page): Promise<string> {
  const card = page.locator('section[aria-labelledby="balances-title"]');
  return plain(await card.locator('dd').first().textContent());
}

/** Toasts of earlier steps would sit on top of the screenshots. */
async function dismissToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole('button', { name: text('common.dismiss') }).all()) await button.click();
}

async function waitForToast(page: Page, message: string): Promise<void> {
  await page.getByTestId('toast-success').filter({ hasText: message }).first().waitFor();
}

/** The withdrawal's row in the queue at this viewport (table on desktop, cards on phones). */
function queueRow(page: Page, orderNo: string): Locator {
  return page.locator(`[data-order="${orderNo}"]:visible`);
}

describe('back office money', () => {
  let browser: Browser;
  let member: Member;
  let context: BrowserContext;
  let page: Page;
  const orders: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    member = await createMember();
    context = await newContext(browser, DESKTOP);
    page = await context.newPage();
    await adminLogin(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('a manual adjustment needs a reason and posts once on a double click', async () => {
    await openMember(page, member);
    await page.getByRole('button', { name: text('adjustment.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="amount"]').fill('200,00');
    // No reason: refused in the form, nothing posted.
    await dialog.getByTestId('adjustment-submit').click();
    await dialog.getByText(text('common.reason_too_short', { min: '3' })).waitFor();
    await dialog.locator('textarea[name="reason"]').fill('e2e: crédito de teste para saques');
    await expect(plain(await dialog.getByTestId('adjustment-preview').textContent())).toContain('R$ 200,00');
    await screenshot(page, 'admin-adjustment-desktop');
    await dialog.getByTestId('adjustment-submit').dblclick();
    await waitForToast(page, serverText('admin.adjusted', 'adjustment.done'));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cashBalance(page)).toBe('R$ 200,00');

    await page.getByRole('tab', { name: text('member.tabs.ledger') }).click();
    const ledger = page.getByTestId('ledger-table');
    await ledger.locator('tr[data-code="adjustment"]').first().waitFor();
    await expect(ledger.locator('tr[data-code="adjustment"]').count()).resolves.toBe(1);
    await expect(plain(await ledger.locator('tr[data-code="adjustment"]').textContent())).toContain('+R$ 200,00');
  });

  test('the member asks for two withdrawals; they wait in the review queue', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await call<{ order_no: string; status: string }>(
        '/api/drawing',
        { money: '50.00', qk_pwd: '123456', member_bank_id: member.bankId },
        member.token,
      );
      expect(answer.status, answer.message).toBe('success');
      expect(answer.data.status).toBe('pending_review');
      orders.push(answer.data.order_no);
    }
    await page.getByRole('link', { name: text('nav.withdrawals') }).click();
    await page.waitForURL(/\/admin\/withdrawals/);
    // The queue opens on the pending tab.
    await page.locator('[role="tab"][data-tab="pending_review"][aria-selected="true"]').waitFor();
    for (const orderNo of orders) await queueRow(page, orderNo).waitFor();
    const count = Number(await page.getByTestId('pending-count').textContent());
    expect(count).toBeGreaterThanOrEqual(2);
    const row = queueRow(page, orders[0]!);
    await expect(row.textContent()).resolves.toContain(member.cpf);
    await expect(row.getByRole('link', { name: member.account }).count()).resolves.toBe(1);
    await dismissToasts(page);
    await screenshot(page, 'admin-withdrawals-desktop');
  });

  test('approving pays the withdrawal; the dialog shows the amount and the key', async () => {
    const row = queueRow(page, orders[0]!);
    await row.getByRole('button', { name: text('withdrawals.approve') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const summary = plain(await dialog.getByTestId('review-summary').textContent());
    expect(summary).toContain('R$ 50,00');
    expect(summary).toContain(member.cpf);
    await screenshot(page, 'admin-withdrawal-approve-desktop');
    const confirm = dialog.locator('button[type="submit"]');
    expect(plain(await confirm.textContent())).toBe(text('withdrawals.approve_confirm', { amount: 'R$ 50,00' }));
    await confirm.click();
    await waitForToast(page, serverText('money.withdrawal_approved', 'withdrawals.approved'));
    await dialog.waitFor({ state: 'hidden' });
    // Refreshed: it left the queue.
    await row.waitFor({ state: 'detached' });
  });

  test('rejecting needs a reason and returns the money', async () => {
    const row = queueRow(page, orders[1]!);
    await row.getByRole('button', { name: text('withdrawals.reject') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: text('withdrawals.reject_confirm') }).click();
    await dialog.getByText(text('common.reason_too_short', { min: '3' })).waitFor();
    await dialog.locator('textarea[name="reason"]').fill('e2e: chave PIX em nome de terceiro');
    await dialog.getByRole('button', { name: text('withdrawals.reject_confirm') }).click();
    await waitForToast(page, serverText('money.withdrawal_rejected', 'withdrawals.rejected'));
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: text('money.withdrawal_status.paid') }).click();
    await queueRow(page, orders[0]!).waitFor();
    await page.getByRole('tab', { name: text('money.withdrawal_status.rejected') }).click();
    await queueRow(page, orders[1]!).getByText('e2e: chave PIX em nome de terceiro').waitFor();
  });

  test('the member page shows R$ 150,00, the ledger and both withdrawals', async () => {
    await openMember(page, member, 'withdrawals');
    await expect.poll(() => cashBalance(page)).toBe('R$ 150,00');
    const withdrawals = page.getByTestId('member-withdrawals-table');
    await withdrawals.locator(`tr[data-order="${orders[0]}"][data-status="paid"]`).waitFor();
    await withdrawals.locator(`tr[data-order="${orders[1]}"][data-status="rejected"]`).waitFor();

    await page.getByRole('tab', { name: text('member.tabs.ledger') }).click();
    const ledger = page.getByTestId('ledger-table');
    await ledger.locator('tr[data-code="withdrawal_rejected"]').first().waitFor();
    // The newest entry leaves the balance the card shows.
    await expect(plain(await ledger.locator('tbody tr').first().locator('td').nth(4).textContent())).toBe('R$ 150,00');
    await dismissToasts(page);
    await screenshot(page, 'admin-member-ledger-desktop');
  });

  test('the audit log keeps the adjustment, the approval and the rejection', async () => {
    for (const [action, needle] of [
      ['member.adjust_cash', 'e2e: crédito de teste para saques'],
      ['withdrawal.approve', orders[0]!],
      ['withdrawal.reject', 'e2e: chave PIX em nome de terceiro'],
    ] as const) {
      await page.goto(`/admin/audit-log?action=${encodeURIComponent(action)}`);
      const rows = page.locator(`tr[data-action="${action}"]`);
      await rows.first().waitFor();
      const count = await rows.count();
      let found = false;
      for (let i = 0; i < count && !found; i++) {
        const row = rows.nth(i);
        await row.getByRole('button', { name: text('audit.show_diff') }).click();
        found = (await page.getByText(needle).count()) > 0;
      }
      expect(found, `${action} with ${needle}`).toBe(true);
    }
  });

  test('a withdrawal decided by someone else meanwhile is shown as already handled', async () => {
    const answer = await call<{ order_no: string }>(
      '/api/drawing',
      { money: '20.00', qk_pwd: '123456', member_bank_id: member.bankId },
      member.token,
    );
    expect(answer.status, answer.message).toBe('success');
    await page.goto('/admin/withdrawals');
    const row = queueRow(page, answer.data.order_no);
    await row.getByRole('button', { name: text('withdrawals.reject') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Another operator approves it first, through the API with this operator's own token.
    const token = await page.evaluate(() => sessionStorage.getItem('admin_token'));
    const list = (await (
      await fetch(`${baseURL()}/api/admin/withdrawals?status=pending_review&member_id=${member.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as Answer<{ list: { id: number; order_no: string }[] }>;
    const id = list.data.list.find((w) => w.order_no === answer.data.order_no)?.id;
    const approved = await fetch(`${baseURL()}/api/admin/withdrawals/${id}/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(approved.status).toBe(200);

    await dialog.locator('textarea[name="reason"]').fill('e2e: tarde demais');
    await dialog.getByRole('button', { name: text('withdrawals.reject_confirm') }).click();
    await page
      .getByTestId('toast-error')
      .filter({ hasText: text('withdrawals.already_handled') })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
  });

  test('the deposits list shows paid and pending orders; the screens at both sizes', async () => {
    // Two PIX orders: one paid on the sandbox bank page (credited by its webhook), one left pending.
    type Order = { order_no: string; sandbox_pay_url: string | null };
    const paid = await call<Order>('/api/recharge/online', { money: '100.00', payment_id: 1, payment_type: 'pix' }, member.token);
    expect(paid.status, paid.message).toBe('success');
    const pending = await call<Order>('/api/recharge/online', { money: '35.50', payment_id: 1, payment_type: 'pix' }, member.token);
    expect(pending.status, pending.message).toBe('success');
    if (paid.data.sandbox_pay_url) {
      await payOnSandboxBank(paid.data.sandbox_pay_url);
    }

    await page.goto(`/admin/deposits?member_id=${member.id}`);
    await page.getByRole('heading', { name: text('deposits.title') }).waitFor();
    const table = page.getByTestId('deposits-table');
    await table.locator(`tr[data-order="${pending.data.order_no}"]`).waitFor();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: text('common.refresh') }).click();
          return table.locator(`tr[data-order="${paid.data.order_no}"] [data-status="credited"]`).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.goto('/admin/deposits');
    await table.locator(`tr[data-order="${paid.data.order_no}"]`).waitFor();
    await screenshot(page, 'admin-deposits-desktop');

    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await adminLogin(phonePage);
    await phonePage.goto('/admin/withdrawals?status=all');
    await queueRow(phonePage, orders[0]!).waitFor();
    await screenshot(phonePage, 'admin-withdrawals-phone');
    await phonePage.goto('/admin/deposits');
    await phonePage.locator(`[data-order="${pending.data.order_no}"]:visible`).waitFor();
    await screenshot(phonePage, 'admin-deposits-phone');
    await openMember(phonePage, member, 'ledger');
    await phonePage.getByTestId('ledger-cards').waitFor();
    await phonePage.getByTestId('ledger-cards').scrollIntoViewIfNeeded();
    await screenshot(phonePage, 'admin-member-ledger-phone');
    // The sidebar drawer lists the money sections.
    await phonePage.getByRole('button', { name: text('nav.open_menu') }).click();
    await phonePage.getByRole('link', { name: text('nav.channels') }).click();
    await phonePage.waitForURL(/\/admin\/payment-channels/);
    await phonePage
      .getByRole('button', { name: text('channels.edit_named', { name: 'PIX' }) })
      .first()
      .waitFor();
    await screenshot(phonePage, 'admin-channels-phone');
    await phone.close();
  });

  test('a payment channel is edited in a dialog (values kept, so other tests see the seeded limits)', async () => {
    await page.goto('/admin/payment-channels');
    const row = page.getByTestId('channels-table').locator('tbody tr').first();
    await row.waitFor();
    const before = plain(await row.textContent());
    await row.getByRole('button', { name: text('channels.edit_named', { name: 'PIX' }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // A bad fee is refused in the form.
    const fee = dialog.locator('input[name="fee"]');
    const feeBefore = await fee.inputValue();
    await fee.fill('120');
    await dialog.getByRole('button', { name: text('channels.form.save') }).click();
    await dialog.getByText(text('channels.form.fee_invalid')).waitFor();
    await fee.fill(feeBefore);
    await screenshot(page, 'admin-channel-edit-desktop');
    await dialog.getByRole('button', { name: text('channels.form.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast-success').first().waitFor();
    await expect.poll(async () => plain(await row.textContent())).toBe(before);
    await screenshot(page, 'admin-channels-desktop');
  });
});
