import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, registration, type TestApp } from './test-app.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await registerMember(t.app);
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

type Who = 'visitor' | 'member' | 'admin';
/** Every endpoint with a body, with a valid body to corrupt one field at a time. */
const ENDPOINTS: { url: string; who: Who; valid: () => Record<string, unknown> }[] = [
  { url: '/api/auth/register2', who: 'visitor', valid: () => registration() },
  { url: '/api/auth/login2', who: 'visitor', valid: () => ({ account: 'someone', password: 'secret123', captcha_key: 'x', captcha: 'x' }) },
  {
    url: '/api/security/password/change',
    who: 'member',
    valid: () => ({ old_password: 'wrong-old', password: 'newpass1', password_confirmation: 'newpass1' }),
  },
  {
    url: '/api/security/qk-password/set',
    who: 'member',
    valid: () => ({ password: 'wrong-pass', qk_pwd: '123456', qk_pwd_confirmation: '123456' }),
  },
  { url: '/api/security/password/verify', who: 'member', valid: () => ({ password: 'wrong-pass' }) },
  { url: '/api/security/email/send-code', who: 'member', valid: () => ({ email: 'a@example.com' }) },
  { url: '/api/security/email/bind', who: 'member', valid: () => ({ email: 'a@example.com', code: '123456' }) },
  { url: '/api/profilepictures/set', who: 'member', valid: () => ({ profileurl: 'm1' }) },
  { url: '/api/admin/auth/login', who: 'visitor', valid: () => ({ username: 'nobody', password: 'wrong-wrong' }) },
  { url: '/api/admin/operators', who: 'admin', valid: () => ({ username: 'new.op', password: 'a-long-Secret-1', role: 'support' }) },
];

function headersFor(who: Who) {
  if (who === 'member') return bearer(member.token);
  if (who === 'admin') return bearer(admin);
  return {};
}

const HOSTILE = ["' OR 1=1 --", '<script>alert(1)</script>', '\u0000\u0001', '${jndi:ldap://x}', '../../etc/passwd', '😀'.repeat(40)];

async function expect422(url: string, who: Who, payload: unknown, contentType = 'application/json') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${url}?lang=en`,
    headers: { ...headersFor(who), 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 120)} -> ${response.body.slice(0, 200)}`).toBe(422);
  const body = json(response);
  expect(body.status).toBe('error');
  expect(body.errors && Object.keys(body.errors).length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/^validation\.|^errors\./);
}

describe.each(ENDPOINTS)('$url', ({ url, who, valid }) => {
  it('answers 422 with field errors for missing fields, wrong types, oversized and unknown fields', async () => {
    const fields = Object.keys(valid()).filter((f) => !['captcha_key', 'captcha'].includes(f));
    for (const field of fields) {
      const missing = valid();
      delete missing[field];
      // Optional fields may be left out; every field here is required by its endpoint.
      await expect422(url, who, missing);
      const wrongTypes = [12345, true, null, ['a'], { a: 1 }].filter((w) => typeof w !== typeof valid()[field]);
      for (const wrong of wrongTypes) await expect422(url, who, { ...valid(), [field]: wrong });
      await expect422(url, who, { ...valid(), [field]: 'x'.repeat(10_000) });
    }
    await expect422(url, who, { ...valid(), is_admin: true });
    await expect422(url, who, '{"broken json');
    await expect422(url, who, '[1,2,3]');
  });

  it('never answers 500 to hostile strings', async () => {
    for (const field of Object.keys(valid())) {
      for (const hostile of HOSTILE) {
        const response = await t.app.inject({ method: 'POST', url, headers: headersFor(who), payload: { ...valid(), [field]: hostile } });
        expect(response.statusCode, `${field}=${hostile}`).toBeLessThan(500);
        expect(json(response).status).toBeDefined();
      }
    }
  });
});

describe('queries and sizes', () => {
  it('validates query parameters of lists', async () => {
    for (const q of ['page=0', 'page=abc', 'page_size=1000', 'status=x', `q=${'x'.repeat(500)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/members?${q}`, headers: bearer(admin) });
      expect(response.statusCode, q).toBe(422);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/members/abc', headers: bearer(admin) })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/language/getList?site=${'s'.repeat(300)}` })).statusCode).toBe(422);
  });

  it('refuses a body over 64 KB with 413 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login2',
      payload: { account: 'a', password: 'x'.repeat(70_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).message.length).toBeGreaterThan(0);
  });

  it('translates field errors to the requested language', async () => {
    const pt = json(
      await t.app.inject({ method: 'POST', url: '/api/auth/register2?lang=pt', payload: { ...registration(), phone: '123' } }),
    );
    expect(pt.errors?.phone).toEqual(['Informe um número de celular válido']);
    const en = json(
      await t.app.inject({ method: 'POST', url: '/api/auth/register2?lang=en', payload: { ...registration(), phone: '123' } }),
    );
    expect(en.errors?.phone).toEqual(['Please enter a valid mobile phone number']);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(json(response).status).toBe('error');
  });
});

describe('isolation between members', () => {
  it("never lets one member's token read or change another's data", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const meA = json(await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: bearer(a.token), payload: { member_id: b.id } }));
    // member_id is not a field of me: strict input refuses it rather than guessing.
    expect(meA.code).toBe(422);
    const plain = json(await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: bearer(a.token) }));
    expect(plain.data.id).toBe(a.id);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/profilepictures/set',
      headers: bearer(a.token),
      payload: { profileurl: 'm2', member_id: b.id },
    });
    expect(set.statusCode).toBe(403);
    const bRow = await t.ctx.db.selectFrom('members').select('profile_url').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(bRow.profile_url).toBeNull();
  });
});
