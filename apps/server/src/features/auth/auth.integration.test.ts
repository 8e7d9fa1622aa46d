import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/tokens.ts';
import { adminToken, bearer, createTestApp, json, registerMember, registration, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('registers, logs in at once, and me returns every user-info field with money as strings', async () => {
    const { token, body } = await registerMember(t.app, { phone: '(21) 99876-5432', account: 'Maria_01' });
    const me = await post('/api/auth/me', undefined, bearer(token));
    expect(me.statusCode).toBe(200);
    const user = json(me).data;
    expect(user.name).toBe('maria_01');
    expect(user.phone).toBe('+5521998765432');
    expect(user.realname).toBe(body.realname);
    for (const field of ['money', 'fs_money', 'ml_money', 'total_money', 'total_slot_money', 'total_live_money']) {
      expect(user[field]).toBe('0.00');
    }
    for (const field of [
      'id',
      'nickname',
      'email',
      'qq',
      'gender',
      'invite_code',
      'score',
      'status',
      'is_tips_on',
      'is_in_on',
      'is_trans_on',
      'is_demo',
      'lang',
      'register_ip',
      'register_area',
      'register_site',
      'site',
      'is_ms_reg',
      'top_id',
      'agent_id',
      'total_credit',
      'used_credit',
      'level',
      'slot_level',
      'live_level',
      'level_name',
      'created_at',
      'updated_at',
      'deleted_at',
      'has_qk_pwd',
      'd7_map',
      'day7_id',
    ]) {
      expect(user).toHaveProperty(field);
    }
    expect(user.has_qk_pwd).toBe(false);
    expect(user.gender).toBe(0);
    const text = me.body;
    expect(text).not.toMatch(/password|bridge|token|hash/i);
  });

  it('stores the withdrawal password hashed and reports has_qk_pwd', async () => {
    const { id, user } = await registerMember(t.app, { qk_pwd: '123456' });
    expect(user.has_qk_pwd).toBe(true);
    const row = await t.ctx.db
      .selectFrom('members')
      .select(['password_hash', 'qk_pwd_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.qk_pwd_hash).toMatch(/^\$argon2id\$/);
  });

  it('links an invitee to its inviter and to the top agent', async () => {
    const top = await registerMember(t.app);
    const agent = await registerMember(t.app, { invite_code: top.user.invite_code });
    const invitee = await registerMember(t.app, { invite_code: agent.user.invite_code.toLowerCase() });
    expect(agent.user.agent_id).toBe(top.id);
    expect(agent.user.top_id).toBe(top.id);
    expect(invitee.user.agent_id).toBe(agent.id);
    expect(invitee.user.top_id).toBe(top.id);
  });

  it('refuses an unknown invite code, a taken account and a taken phone with field errors', async () => {
    const first = await registerMember(t.app);
    const response = await post(
      '/api/auth/register2?lang=en',
      registration({ account: first.body.account.toUpperCase(), phone: first.body.phone, invite_code: 'NOPE1234' }),
    );
    expect(response.statusCode).toBe(422);
    const body = json(response);
    expect(body.errors?.account).toEqual(['This account name is already registered']);
    expect(body.errors?.phone).toEqual(['This phone number is already registered']);
    expect(body.errors?.invite_code).toEqual(['This invitation code does not exist']);
  });

  it('lets exactly one of two simultaneous registrations of one account through', async () => {
    const account = `race${Date.now() % 100000}`;
    const responses = await Promise.all([0, 1, 2, 3].map(() => post('/api/auth/register2', registration({ account }))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const rows = await t.ctx.db.selectFrom('members').select('id').where('account', '=', account).execute();
    expect(rows).toHaveLength(1);
    const accounts = await t.ctx.db.selectFrom('ledger_accounts').select('kind').where('member_id', '=', rows[0]!.id).execute();
    expect(accounts.map((a) => a.kind).sort()).toEqual(['bonus', 'cash', 'rebate']);
  });

  it('checks the two passwords and the agreement, in the spec words', async () => {
    const response = await post('/api/auth/register2?lang=en', registration({ password_confirmation: 'different1', agree: false }));
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.agree).toBeDefined();
    const mismatch = await post('/api/auth/register2?lang=en', registration({ password_confirmation: 'different1' }));
    expect(json(mismatch).errors?.password_confirmation).toEqual(['The two passwords entered do not match!']);
  });
});

describe('login', () => {
  it('logs in by account name or by phone, and logout ends the session', async () => {
    const { body } = await registerMember(t.app);
    const byName = await post('/api/auth/login2', { account: body.account, password: body.password, captcha_key: 'x', captcha: 'x' });
    expect(byName.statusCode).toBe(200);
    const byPhone = await post('/api/auth/login2', { account: body.phone.replace('+55', ''), password: body.password });
    expect(byPhone.statusCode).toBe(200);
    const token = json(byPhone).data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await post('/api/auth/me', undefined, bearer(token));
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toBe('Unauthenticated.');
    expect(json(after).force_offline).toBeUndefined();
  });

  it('stores only the SHA-256 of tokens', async () => {
    const { token, id } = await registerMember(t.app);
    const sessions = await t.ctx.db.selectFrom('member_sessions').select('token_hash').where('member_id', '=', id).execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([sha256(token)]);
  });

  it('rate limits an account after ten wrong passwords, even with the right one', async () => {
    const { body } = await registerMember(t.app);
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/api/auth/login2?lang=en', { account: body.account, password: `wrong-${i}` });
      expect(wrong.statusCode).toBe(422);
      expect(json(wrong).message).toBe('Wrong account or password');
    }
    const limited = await post('/api/auth/login2', { account: body.account, password: body.password });
    expect(limited.statusCode).toBe(429);
  });

  it('answers the same for an unknown account as for a wrong password', async () => {
    const unknown = await post('/api/auth/login2?lang=en', { account: 'nobody_here', password: 'whatever1' });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).message).toBe('Wrong account or password');
  });
});

describe('sessions', () => {
  it('ends a session after 30 idle minutes', async () => {
    const { token } = await registerMember(t.app);
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await t.ctx.db.updateTable('member_sessions').set({ last_seen_at: old }).where('token_hash', '=', sha256(token)).execute();
    const me = await post('/api/auth/me', undefined, bearer(token));
    expect(me.statusCode).toBe(401);
    expect(json(me).force_offline).toBeUndefined();
  });

  it('answers force_offline after an operator forces the member off, and a freeze refuses login', async () => {
    const member = await registerMember(t.app);
    const admin = await adminToken(t.app);
    const forced = await post(`/api/admin/members/${member.id}/force-offline`, { reason: 'test' }, bearer(admin));
    expect(forced.statusCode).toBe(200);
    const me = await post('/api/auth/me', undefined, bearer(member.token));
    expect(me.statusCode).toBe(401);
    expect(json(me)).toMatchObject({ code: 401, status: 'error', message: 'Unauthenticated.', force_offline: true });

    const again = await post('/api/auth/login2', { account: member.body.account, password: member.body.password });
    expect(again.statusCode).toBe(200);
    await post(`/api/admin/members/${member.id}/freeze`, { reason: 'fraud check' }, bearer(admin));
    const frozenMe = await post('/api/auth/me', undefined, bearer(json(again).data.token));
    expect(json(frozenMe).force_offline).toBe(true);
    const refused = await post('/api/auth/login2', { account: member.body.account, password: member.body.password });
    expect(refused.statusCode).toBe(403);
    await post(`/api/admin/members/${member.id}/unfreeze`, {}, bearer(admin));
    expect((await post('/api/auth/login2', { account: member.body.account, password: member.body.password })).statusCode).toBe(200);
  });

  it('tells a visitor to log in, and a malformed or unknown token that it is unauthenticated', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: '  ' }] as Record<string, string>[]) {
      const response = await post('/api/auth/me?lang=en', undefined, headers);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ message: 'Currently not logged in, please log in first', error_code: 'NOT_LOGGED_IN' });
    }
    for (const headers of [{ authorization: 'Basic abc' }, { authorization: 'Bearer short' }, bearer('A'.repeat(43))]) {
      const response = await post('/api/auth/me', undefined, headers);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ message: 'Unauthenticated.', error_code: 'UNAUTHENTICATED' });
    }
  });
});

describe('captcha', () => {
  it('draws an SVG image, and an answer works once, case-insensitively, before it expires', async () => {
    const strict = await createTestApp({ CASINO_CAPTCHA: 'enabled' });
    try {
      const drawn = await strict.app.inject({ method: 'POST', url: '/api/auth/captcha' });
      expect(drawn.statusCode).toBe(200);
      const data = json(drawn).data;
      expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(data.img.split(',')[1], 'base64').toString()).toContain('<svg');
      expect(data.expires_in).toBe(300);
      expect(data.enabled).toBe(true);

      // The answer is stored hashed only; put a known one in place of the drawn one.
      await strict.ctx.db
        .updateTable('captchas')
        .set({ answer_hash: sha256('ab3d') })
        .where('id', '=', data.captcha_key)
        .execute();
      const body = registration({ captcha_key: data.captcha_key, captcha: 'AB3D' });
      const first = await strict.app.inject({ method: 'POST', url: '/api/auth/register2?lang=en', payload: body });
      expect(first.statusCode).toBe(200);
      const replay = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/register2?lang=en',
        payload: registration({ captcha_key: data.captcha_key, captcha: 'AB3D' }),
      });
      expect(replay.statusCode).toBe(422);
      expect(json(replay).errors?.captcha).toEqual(['Please obtain the verification code again']);

      const missing = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login2',
        payload: { account: body.account, password: body.password },
      });
      expect(missing.statusCode).toBe(422);

      const expired = json(await strict.app.inject({ method: 'POST', url: '/api/auth/captcha' })).data;
      await strict.ctx.db
        .updateTable('captchas')
        .set({ answer_hash: sha256('zz99'), expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expired.captcha_key)
        .execute();
      const late = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login2',
        payload: { account: body.account, password: body.password, captcha_key: expired.captcha_key, captcha: 'zz99' },
      });
      expect(late.statusCode).toBe(422);
    } finally {
      await strict.close();
    }
  });
});

describe('captcha when checking is off', () => {
  it('says so, so the forms can leave the answer empty', async () => {
    const drawn = json(await post('/api/auth/captcha'));
    expect(drawn.data.enabled).toBe(false);
    expect((await post('/api/auth/register2', registration({ captcha_key: undefined, captcha: undefined }))).statusCode).toBe(200);
  });
});

describe('profile pictures', () => {
  it('lists bundled avatars and lets a member choose one, only for itself', async () => {
    const list = json(await t.app.inject({ method: 'GET', url: '/api/profilepictures' })).data;
    expect(list.males.length).toBeGreaterThan(0);
    expect(list.females.length).toBeGreaterThan(0);
    const { token, id } = await registerMember(t.app);
    const other = await registerMember(t.app);
    const chosen = list.females[0];
    const set = await post('/api/profilepictures/set', { profileurl: chosen.id }, bearer(token));
    expect(json(set).data).toEqual({ member_id: id, profileurl: chosen.url });
    const mine = await post('/api/profilepictures/user', { member_id: id }, bearer(token));
    expect(json(mine).data.profileurl).toBe(chosen.url);
    const theirs = await post('/api/profilepictures/user', { member_id: other.id }, bearer(token));
    expect(theirs.statusCode).toBe(403);
    const bogus = await post('/api/profilepictures/set', { profileurl: 'https://evil.example/x.png' }, bearer(token));
    expect(bogus.statusCode).toBe(422);
  });
});
