import { moneyStringToCentavos } from '../packages/shared/src/money.ts';
import { baseURL } from './browser.ts';

export type Answer<T> = { status: string; message: string; data: T };

/** One API call in Portuguese, as the player site makes it (GET without a body, POST with one). */
export async function apiCall<T>(path: string, body?: unknown, bearer = ''): Promise<Answer<T>> {
  const response = await fetch(`${baseURL()}${path}${path.includes('?') ? '&' : '?'}lang=pt`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Answer<T>;
}

/** Registers a member and deposits R$ 100,00 by PIX the way a player does. Answers the member's token. */
export async function registerFundedMember(member: {
  account: string;
  password: string;
  realname: string;
  phone: string;
}): Promise<string> {
  const registered = await apiCall<{ token: string }>('/api/auth/register2', {
    account: member.account,
    password: member.password,
    password_confirmation: member.password,
    realname: member.realname,
    phone: member.phone,
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
  });
  if (registered.status !== 'success') throw new Error(`registration failed: ${registered.message}`);
  const token = registered.data.token;
  await depositWithPix(token, '100');
  return token;
}

/**
 * Deposits `reais` by PIX for a logged-in member: the order, the sandbox bank's pay button (a form
 * post), then the credit, awaited on the member's balance.
 */
export async function depositWithPix(token: string, reais: string): Promise<void> {
  const before = moneyStringToCentavos((await apiCall<{ money: string }>('/api/auth/me', {}, token)).data.money) ?? 0;
  const channels = await apiCall<{ list: { id: number }[] }>('/api/payment/online/list', undefined, token);
  const order = await apiCall<{ sandbox_pay_url: string | null }>(
    '/api/recharge/online',
    { money: reais, payment_id: channels.data.list[0]!.id },
    token,
  );
  if (order.status !== 'success') throw new Error(`deposit order failed: ${order.message}`);
  await payOnSandboxBank(order.data.sandbox_pay_url ?? '');
  const expected = before + (moneyStringToCentavos(reais) ?? Number.NaN);
  const deadline = Date.now() + 15_000;
  while (moneyStringToCentavos((await apiCall<{ money: string }>('/api/auth/me', {}, token)).data.money) !== expected) {
    if (Date.now() > deadline) throw new Error(`the R$ ${reais} deposit was not credited`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Pays a charge on the sandbox bank's page. The page fills the payer's CPF with the member's own
 * (empty when the member has none yet): the form is sent as the page offers it, as a tester
 * pressing "pay" would.
 */
export async function payOnSandboxBank(payUrl: string): Promise<void> {
  const url = new URL(payUrl, baseURL());
  const page = await (await fetch(url)).text();
  const payerCpf = /id="payer_cpf"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? '';
  const pay = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payer_cpf: payerCpf }).toString(),
    redirect: 'manual',
  });
  if (pay.status >= 400) throw new Error(`the sandbox bank answered ${pay.status}`);
}
