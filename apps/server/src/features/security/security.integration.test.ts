import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

async function latestCode(email: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(mail.body)![1]!;
}

describe('login password', () => {
  it('changes it when the old one is right, keeps this session and ends the others', async () => {
    const m = await registerMember(t.app);
    const other = json(
      await t.app.inject({ method: 'POST', url: '/api/auth/login2', payload: { account: m.body.account, password: m.body.password } }),
    ).data.token;
    const wrong = await post(
      '/api/security/password/change?lang=en',
      { old_password: 'nope123', password: 'newpass1', password_confirmation: 'newpass1' },
      m.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors?.old_password).toEqual(['The password is wrong']);
    const same = await post(
      '/api/security/password/change?lang=en',
      { old_password: m.body.password, password: m.body.password, password_confirmation: m.body.password },
      m.token,
    );
    expect(json(same).errors?.password).toEqual(['The new password must be different from the old one']);
    const short = await post(
      '/api/security/password/change?lang=en',
      { old_password: m.body.password, password: '12345', password_confirmation: '12345' },
      m.token,
    );
    expect(json(short).errors?.password).toEqual(['The password must be at least 6 characters']);

    const changed = await post(
      '/api/security/password/change',
      { old_password: m.body.password, password: 'newpass1', password_confirmation: 'newpass1' },
      m.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/me', {}, m.token)).statusCode).toBe(200);
    expect((await post('/api/auth/me', {}, other)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login2',
      payload: { account: m.body.account, password: m.body.password },
    });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login2',
      payload: { account: m.body.account, password: 'newpass1' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('withdrawal password', () => {
  it('needs the login password and exactly six digits', async () => {
    const m = await registerMember(t.app);
    const letters = await post(
      '/api/security/qk-password/set?lang=en',
      { password: m.body.password, qk_pwd: '12ab56', qk_pwd_confirmation: '12ab56' },
      m.token,
    );
    expect(json(letters).errors?.qk_pwd).toEqual(['The withdrawal password must be exactly 6 digits']);
    const seven = await post(
      '/api/security/qk-password/set',
      { password: m.body.password, qk_pwd: '1234567', qk_pwd_confirmation: '1234567' },
      m.token,
    );
    expect(seven.statusCode).toBe(422);
    const wrong = await post(
      '/api/security/qk-password/set',
      { password: 'wrongpass', qk_pwd: '123456', qk_pwd_confirmation: '123456' },
      m.token,
    );
    expect(json(wrong).errors?.password).toBeDefined();
    const set = await post(
      '/api/security/qk-password/set',
      { password: m.body.password, qk_pwd: '123456', qk_pwd_confirmation: '123456' },
      m.token,
    );
    expect(set.statusCode).toBe(200);
    expect(json(await post('/api/auth/me', {}, m.token)).data.has_qk_pwd).toBe(true);
  });

  it('sends phone and social-login accounts to customer service', async () => {
    const m = await registerMember(t.app);
    await t.ctx.db.updateTable('members').set({ register_type: 'phone' }).where('id', '=', m.id).execute();
    const status = json(await t.app.inject({ method: 'GET', url: '/api/security/status', headers: bearer(m.token) })).data;
    expect(status.has_password_change).toBe(false);
    const refused = await post(
      '/api/security/qk-password/set?lang=en',
      { password: m.body.password, qk_pwd: '123456', qk_pwd_confirmation: '123456' },
      m.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Accounts registered by phone or social login must contact customer service to set passwords');
    const change = await post(
      '/api/security/password/change',
      { old_password: m.body.password, password: 'another1', password_confirmation: 'another1' },
      m.token,
    );
    expect(change.statusCode).toBe(403);
  });
});

describe('verify password', () => {
  it('confirms the right password only', async () => {
    const m = await registerMember(t.app);
    expect(json(await post('/api/security/password/verify', { password: m.body.password }, m.token)).data).toEqual({ verified: true });
    expect((await post('/api/security/password/verify', { password: 'wrong' }, m.token)).statusCode).toBe(422);
  });
});

describe('bind email', () => {
  it('binds with the emailed code, which the outbox keeps when there is no SMTP', async () => {
    const m = await registerMember(t.app);
    const email = `p${m.id}@example.com`;
    const sent = await post('/api/security/email/send-code', { email: email.toUpperCase() }, m.token);
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(email);
    const wrong = await post('/api/security/email/bind?lang=en', { email, code: code === '000000' ? '111111' : '000000' }, m.token);
    expect(json(wrong).errors?.code).toEqual(['The verification code is wrong']);
    expect((await post('/api/security/email/bind', { email, code }, m.token)).statusCode).toBe(200);
    expect(json(await post('/api/auth/me', {}, m.token)).data.email).toBe(email);
    expect((await post('/api/security/email/bind', { email, code }, m.token)).statusCode).toBe(422);

    const admin = await adminToken(t.app);
    const outbox = json(await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(admin) })).data;
    expect(outbox.list.some((item: { to: string; body: string }) => item.to === email && item.body.includes(code))).toBe(true);
  });

  it('allows five attempts, even when they arrive together, then asks for a new code', async () => {
    const m = await registerMember(t.app);
    const email = `q${m.id}@example.com`;
    await post('/api/security/email/send-code', { email }, m.token);
    const code = await latestCode(email);
    const bad = code === '999999' ? '888888' : '999999';
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/security/email/bind', { email, code: bad }, m.token)));
    expect(answers.every((a) => a.statusCode >= 400)).toBe(true);
    const row = await t.ctx.db.selectFrom('email_codes').select('attempts').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const late = await post('/api/security/email/bind', { email, code }, m.token);
    expect(late.statusCode).toBe(429);
  });

  it('refuses an expired code and an address bound to someone else', async () => {
    const m = await registerMember(t.app);
    const email = `r${m.id}@example.com`;
    await post('/api/security/email/send-code', { email }, m.token);
    const code = await latestCode(email);
    await t.ctx.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', m.id)
      .execute();
    const expired = await post('/api/security/email/bind?lang=en', { email, code }, m.token);
    expect(json(expired).errors?.code).toEqual(['The verification code has expired. Please request a new one']);

    const owner = await registerMember(t.app);
    await t.ctx.db
      .updateTable('members')
      .set({ email: `taken${owner.id}@example.com` })
      .where('id', '=', owner.id)
      .execute();
    const taken = await post('/api/security/email/send-code', { email: `taken${owner.id}@example.com` }, m.token);
    expect(taken.statusCode).toBe(422);
  });
});
