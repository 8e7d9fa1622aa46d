import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, bearer, createTestApp, json, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app.ts';

// Issue 10 item 7 for operators: a stranger's wrong passwords cannot lock the operator out, and
// an operator with TOTP logs in with a code (each once) or a recovery code (each once).
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
let t: TestApp;
let superToken: string;
beforeAll(async () => {
  // Behind a proxy, as in production: the client address comes from X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: 'true', TOTP_ENCRYPTION_KEY: ENCRYPTION_KEY });
  superToken = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const STRANGER = '203.0.113.66';
const OFFICE = '198.51.100.30';

function call(app: TestApp, method: 'GET' | 'POST', url: string, payload?: object, token?: string, from = OFFICE) {
  return app.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
    payload,
    headers: { 'x-forwarded-for': from, ...(token ? bearer(token) : {}) },
  });
}
const login = (app: TestApp, username: string, password: string, from = OFFICE) =>
  call(app, 'POST', '/api/admin/auth/login', { username, password }, undefined, from);
const secondFactor = (app: TestApp, challenge: string, code: string, from = OFFICE) =>
  call(app, 'POST', '/api/admin/auth/login/second-factor', { challenge, code }, undefined, from);

async function createOperator(app: TestApp, token: string, role: string) {
  const username = `op.${role}.${randomBytes(3).toString('hex')}`;
  const password = `${role}-Secret-${randomBytes(3).toString('hex')}`;
  const created = await call(app, 'POST', '/api/admin/operators', { username, password, role }, token);
  expect(created.statusCode).toBe(200);
  return { username, password };
}

/** Enrols TOTP for a signed-in operator; answers its key and recovery codes. */
async function enrol(app: TestApp, token: string) {
  const setup = await call(app, 'POST', '/api/admin/auth/security/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr_data_url } = json(setup).data;
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Aurora%20Bet:.+\?.*secret=[A-Z2-7]+/);
  expect(qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const enabled = await call(app, 'POST', '/api/admin/auth/security/totp/enable', { code }, token);
  expect(enabled.statusCode).toBe(200);
  return { secret: Secret.fromBase32(secret), recoveryCodes: json(enabled).data.recovery_codes as string[] };
}

const codeAt = (secret: Secret, timestamp: number) => TOTP.generate({ secret, timestamp });
/** A second into the next 30-second step: the clock then stands still (only Date is faked) until a test moves it. */
const nextStepStart = () => Math.floor(Date.now() / 30_000) * 30_000 + 31_000;

describe('operator login throttling', () => {
  it("lets the operator in from the office while a stranger's 14 wrong passwords make the stranger wait", async () => {
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await login(t, 'admin', `wrong-password-${i}`, STRANGER));
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(422));
    for (const limited of answers.slice(10)) {
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({ error_code: 'LOGIN_THROTTLED', retry_after: 30 });
      expect(limited.headers['retry-after']).toBe('30');
    }
    const office = await login(t, 'ADMIN', TEST_ADMIN_PASSWORD, OFFICE);
    expect(office.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/admin/members', undefined, json(office).data.token)).statusCode).toBe(200);
    expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, STRANGER)).statusCode).toBe(429);
  });
});

describe('operator TOTP', () => {
  it('enrols with a QR code and a first code, keeps the key sealed and never shows it again', async () => {
    const op = await createOperator(t, superToken, 'support');
    const token = json(await login(t, op.username, op.password)).data.token;
    const before = json(await call(t, 'GET', '/api/admin/auth/security', undefined, token)).data;
    expect(before).toEqual({ totp_enabled: false, totp_required: false, totp_enabled_at: null, recovery_codes_left: 0 });

    // A wrong first code leaves TOTP off; enrolling twice is refused.
    await call(t, 'POST', '/api/admin/auth/security/totp/setup', {}, token);
    const wrongFirst = await call(t, 'POST', '/api/admin/auth/security/totp/enable', { code: '000000' }, token);
    expect(wrongFirst.statusCode).toBe(422);
    expect(json(wrongFirst).errors?.code).toEqual(['Wrong or expired code']);
    const { recoveryCodes, secret } = await enrol(t, token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect((await call(t, 'POST', '/api/admin/auth/security/totp/setup', {}, token)).statusCode).toBe(409);

    const after = json(await call(t, 'GET', '/api/admin/auth/security', undefined, token)).data;
    expect(after).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    const me = json(await call(t, 'GET', '/api/admin/auth/me', undefined, token)).data;
    expect(me).toMatchObject({ totp_enabled: true, totp_required: false });
    expect(JSON.stringify([after, me])).not.toContain(secret.base32);

    const row = await t.ctx.db.selectFrom('operators').selectAll().where('username', '=', op.username).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret.base32);
    expect(row.totp_pending_secret).toBeNull();
    const stored = await t.ctx.db.selectFrom('operator_recovery_codes').select('code_hash').where('operator_id', '=', row.id).execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it('asks for the code after the password, takes each code once, refuses wrong ones, and takes a recovery code once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = nextStepStart();
    vi.setSystemTime(now);
    const op = await createOperator(t, superToken, 'finance');
    const first = json(await login(t, op.username, op.password)).data.token;
    const { secret, recoveryCodes } = await enrol(t, first);

    // The password alone now opens nothing: 401 TOTP_REQUIRED with a challenge.
    now += 30_000;
    vi.setSystemTime(now);
    const step1 = await login(t, op.username, op.password);
    expect(step1.statusCode).toBe(401);
    const challenge = json(step1) as unknown as { error_code: string; challenge: string; challenge_expires_in: number; data: null };
    expect(challenge).toMatchObject({ error_code: 'TOTP_REQUIRED', challenge_expires_in: 300, data: null });
    expect((await call(t, 'GET', '/api/admin/members', undefined, challenge.challenge)).statusCode).toBe(401);

    const wrong = await secondFactor(t, challenge.challenge, codeAt(secret, now - 10 * 60_000));
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).error_code).toBe('TOTP_INVALID');
    const code = codeAt(secret, now);
    const opened = await secondFactor(t, challenge.challenge, code);
    expect(opened.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/admin/members', undefined, json(opened).data.token)).statusCode).toBe(200);
    // A challenge opens one session.
    expect(json(await secondFactor(t, challenge.challenge, codeAt(secret, now))).error_code).toBe('TOTP_CHALLENGE_EXPIRED');

    // The same code again, in its own 30 seconds, with a fresh challenge: refused as a replay.
    const again = json(await login(t, op.username, op.password)) as unknown as { challenge: string };
    const replay = await secondFactor(t, again.challenge, code);
    expect(replay.statusCode).toBe(422);
    expect(json(replay).error_code).toBe('TOTP_INVALID');

    // A recovery code works once, and the audit log says so.
    const recovery = await secondFactor(t, again.challenge, recoveryCodes[3]!.toUpperCase());
    expect(recovery.statusCode).toBe(200);
    const third = json(await login(t, op.username, op.password)) as unknown as { challenge: string };
    expect(json(await secondFactor(t, third.challenge, recoveryCodes[3]!)).error_code).toBe('TOTP_INVALID');
    const security = json(await call(t, 'GET', '/api/admin/auth/security', undefined, json(recovery).data.token)).data;
    expect(security.recovery_codes_left).toBe(9);

    // The next step's code opens the third login.
    now += 30_000;
    vi.setSystemTime(now);
    expect((await secondFactor(t, third.challenge, codeAt(secret, now))).statusCode).toBe(200);

    const operatorId = json(opened).data.operator.id as number;
    const audit = json(await call(t, 'GET', `/api/admin/audit-log?target_id=${operatorId}&page_size=50`, undefined, superToken)).data;
    const actions = audit.list.map((a: { action: string }) => a.action);
    expect(actions).toContain('operator.totp_enabled');
    expect(actions).toContain('operator.recovery_code_used');
    const used = audit.list.find((a: { action: string }) => a.action === 'operator.recovery_code_used');
    expect(used.after).toEqual({ recovery_codes_left: 9 });
    const logins = audit.list.filter((a: { action: string }) => a.action === 'operator.login').map((a: { after: unknown }) => a.after);
    expect(logins).toEqual([
      { second_factor: 'totp' },
      { second_factor: 'recovery' },
      { second_factor: 'totp' },
      { second_factor: 'none' },
    ]);
  });

  it('ends a challenge after five wrong codes, and counts wrong codes with wrong passwords', async () => {
    const op = await createOperator(t, superToken, 'support');
    const { secret } = await enrol(t, json(await login(t, op.username, op.password)).data.token);
    const { challenge } = json(await login(t, op.username, op.password, STRANGER)) as unknown as { challenge: string };
    const far = codeAt(secret, Date.now() - 3_600_000);
    for (let i = 0; i < 5; i++) expect((await secondFactor(t, challenge, far, STRANGER)).statusCode).toBe(422);
    expect(json(await secondFactor(t, challenge, codeAt(secret, Date.now()), STRANGER)).error_code).toBe('TOTP_CHALLENGE_EXPIRED');
    // Five wrong codes and five wrong passwords from the stranger: the stranger waits.
    for (let i = 0; i < 5; i++) await login(t, op.username, `wrong-${i}`, STRANGER);
    expect((await login(t, op.username, op.password, STRANGER)).statusCode).toBe(429);
    expect((await login(t, op.username, op.password, OFFICE)).statusCode).toBe(401); // TOTP_REQUIRED at the office
  });

  it('switches off only with the password and a code, audited, and new recovery codes replace the old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = nextStepStart();
    vi.setSystemTime(now);
    const op = await createOperator(t, superToken, 'marketing');
    const token = json(await login(t, op.username, op.password)).data.token;
    const { secret, recoveryCodes } = await enrol(t, token);

    now += 30_000;
    vi.setSystemTime(now);
    const fresh = await call(t, 'POST', '/api/admin/auth/security/recovery-codes', { code: codeAt(secret, now) }, token);
    expect(fresh.statusCode).toBe(200);
    const newCodes = json(fresh).data.recovery_codes as string[];
    expect(newCodes).toHaveLength(10);

    const wrongPassword = await call(
      t,
      'POST',
      '/api/admin/auth/security/totp/disable',
      { password: 'not-mine', code: newCodes[0] },
      token,
    );
    expect(wrongPassword.statusCode).toBe(422);
    expect(Object.keys(json(wrongPassword).errors ?? {})).toEqual(['password']);
    const oldCode = await call(
      t,
      'POST',
      '/api/admin/auth/security/totp/disable',
      { password: op.password, code: recoveryCodes[0] },
      token,
    );
    expect(json(oldCode).error_code).toBe('TOTP_INVALID');
    const badShape = await call(t, 'POST', '/api/admin/auth/security/totp/disable', { password: op.password, code: '12345' }, token);
    expect(badShape.statusCode).toBe(422);
    expect(json(badShape).errors?.code).toEqual(['Enter the 6 digits from the app or a recovery code']);

    now += 30_000;
    vi.setSystemTime(now);
    const off = await call(t, 'POST', '/api/admin/auth/security/totp/disable', { password: op.password, code: codeAt(secret, now) }, token);
    expect(off.statusCode).toBe(200);
    expect(json(off).message).toBe('Two-step verification is off');
    expect((await login(t, op.username, op.password)).statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('operators').selectAll().where('username', '=', op.username).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    const left = await t.ctx.db.selectFrom('operator_recovery_codes').select('id').where('operator_id', '=', row.id).execute();
    expect(left).toEqual([]);
    const audit = json(await call(t, 'GET', `/api/admin/audit-log?target_id=${row.id}`, undefined, superToken)).data;
    const actions = audit.list.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['operator.totp_enabled', 'operator.recovery_codes_regenerated', 'operator.totp_disabled']),
    );
  });
});

describe("resetting another operator's TOTP", () => {
  it('lets an operator manager switch off the TOTP of one who lost phone and codes, ending its sessions, audited', async () => {
    const op = await createOperator(t, superToken, 'finance');
    const token = json(await login(t, op.username, op.password)).data.token;
    await enrol(t, token);
    const id = json(await call(t, 'GET', '/api/admin/auth/me', undefined, token)).data.id as number;

    const support = await createOperator(t, superToken, 'support');
    const supportToken = json(await login(t, support.username, support.password)).data.token;
    expect((await call(t, 'POST', `/api/admin/operators/${id}/reset-second-factor`, {}, supportToken)).statusCode).toBe(403);
    const self = await call(
      t,
      'POST',
      `/api/admin/operators/${json(await call(t, 'GET', '/api/admin/auth/me', undefined, superToken)).data.id}/reset-second-factor`,
      {},
      superToken,
    );
    expect(json(self).error_code).toBe('TOTP_RESET_SELF');

    const reset = await call(t, 'POST', `/api/admin/operators/${id}/reset-second-factor`, {}, superToken);
    expect(reset.statusCode).toBe(200);
    expect(json(reset).data).toMatchObject({ id, totp_enabled: false });
    expect((await call(t, 'GET', '/api/admin/auth/me', undefined, token)).statusCode).toBe(401);
    expect((await login(t, op.username, op.password)).statusCode).toBe(200);
    expect(json(await call(t, 'POST', `/api/admin/operators/${id}/reset-second-factor`, {}, superToken)).error_code).toBe(
      'TOTP_NOT_ENABLED',
    );
    const audit = json(await call(t, 'GET', `/api/admin/audit-log?target_id=${id}`, undefined, superToken)).data;
    const row = audit.list.find((a: { action: string }) => a.action === 'operator.totp_reset');
    expect(row).toMatchObject({ operator_username: 'admin', before: { totp_enabled: true }, after: { totp_enabled: false } });
  });
});

describe('TOTP required in production', () => {
  let prod: TestApp;
  /** The superadmin's session, opened with the password alone before it had TOTP. */
  let prodAdmin: string;
  beforeAll(async () => {
    // Production as configured for it (a real captcha, the public fairness beacon), without the
    // shared-round schedulers, which this test does not need.
    prod = await createTestApp({ NODE_ENV: 'production', CASINO_CAPTCHA: 'enabled', FAIRNESS_BEACON: 'drand', SHARED_ROUNDS: 'off' });
    const admin = await login(prod, 'admin', TEST_ADMIN_PASSWORD);
    expect(admin.statusCode).toBe(200);
    expect(json(admin).data.operator).toMatchObject({ totp_required: true, totp_enabled: false });
    prodAdmin = json(admin).data.token;
  });
  afterAll(async () => {
    await prod.close();
  });

  async function enrolledAdmin() {
    const security = json(await call(prod, 'GET', '/api/admin/auth/security', undefined, prodAdmin)).data;
    if (!security.totp_enabled) await enrol(prod, prodAdmin);
    return prodAdmin;
  }

  it('lets a superadmin, finance or risk operator without TOTP only enrol, and a support operator work as before', async () => {
    const security = json(await call(prod, 'GET', '/api/admin/auth/security', undefined, prodAdmin)).data;
    expect(security).toMatchObject({ totp_required: true, totp_enabled: false });
    const refused = await call(prod, 'GET', '/api/admin/members', undefined, prodAdmin);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      error_code: 'TOTP_ENROLMENT_REQUIRED',
      message: 'Set up two-step verification before using the back office',
    });
    // It may read who it is and enrol, nothing else.
    expect(json(await call(prod, 'GET', '/api/admin/auth/me', undefined, prodAdmin)).data).toMatchObject({ totp_required: true });
    const create = await call(
      prod,
      'POST',
      '/api/admin/operators',
      { username: 'x.y.z', password: 'secret-secret-1', role: 'support' },
      prodAdmin,
    );
    expect(create.statusCode).toBe(403);
    await enrol(prod, prodAdmin);
    expect((await call(prod, 'GET', '/api/admin/members', undefined, prodAdmin)).statusCode).toBe(200);

    const finance = await createOperator(prod, prodAdmin, 'finance');
    const risk = await createOperator(prod, prodAdmin, 'risk');
    const support = await createOperator(prod, prodAdmin, 'support');
    for (const op of [finance, risk]) {
      const session = json(await login(prod, op.username, op.password)).data;
      expect(session.operator.totp_required).toBe(true);
      expect((await call(prod, 'GET', '/api/admin/members', undefined, session.token)).statusCode).toBe(403);
    }
    const supportSession = json(await login(prod, support.username, support.password)).data;
    expect(supportSession.operator.totp_required).toBe(false);
    expect((await call(prod, 'GET', '/api/admin/members', undefined, supportSession.token)).statusCode).toBe(200);
  });

  it('puts an operator who switches TOTP off back to enrolment at once', async () => {
    const finance = await createOperator(prod, await enrolledAdmin(), 'finance');
    const token = json(await login(prod, finance.username, finance.password)).data.token;
    const { recoveryCodes } = await enrol(prod, token);
    expect((await call(prod, 'GET', '/api/admin/deposits', undefined, token)).statusCode).toBe(200);
    const off = await call(
      prod,
      'POST',
      '/api/admin/auth/security/totp/disable',
      { password: finance.password, code: recoveryCodes[0] },
      token,
    );
    expect(off.statusCode).toBe(200);
    expect(json(await call(prod, 'GET', '/api/admin/deposits', undefined, token)).error_code).toBe('TOTP_ENROLMENT_REQUIRED');
  });
});
